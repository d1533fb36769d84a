import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams, queryFlag } from '../common/list-query';
import { multilineText, requiredText, singleLineText } from '../common/text';

/** Spec §3 Channel type (shown as "channel tags" in the back office): a label channels are grouped by. */
export const channelType = z.object({
  _id: objectId,
  channel_type_name: z.string(),
  channel_type_exp: z.string(),
});
export type ChannelType = z.infer<typeof channelType>;

export const channelTypeInput = z.strictObject({
  channel_type_name: requiredText(120),
  channel_type_exp: multilineText().max(1000).default(''),
});
export type ChannelTypeInput = z.input<typeof channelTypeInput>;

/**
 * Spec §3 Channel: where a customer registered (the information desk, the app, an event stand).
 * `channel_cdp_data_entry` lets staff register customers through it, `channel_cdp_receipt_entry`
 * lets them enter receipts; `channel_status` false closes it.
 */
export const channel = z.object({
  _id: objectId,
  channel_name: z.string(),
  channel_name_en: z.string(),
  channel_exp: z.string(),
  channel_exp_en: z.string(),
  channel_types: z.array(objectId),
  tags: z.array(z.string()),
  event_id: z.string().nullable(),
  channel_ui_allowed: z.boolean(),
  channel_single_participation: z.boolean(),
  channel_permission_allow: z.boolean(),
  channel_teacher_form_allowed: z.boolean(),
  channel_detail_payment_form_allowed: z.boolean(),
  channel_payment_form_allowed: z.boolean(),
  channel_cdp_data_entry: z.boolean(),
  channel_cdp_receipt_entry: z.boolean(),
  channel_status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channel>;

const optionalText = (max: number) => singleLineText().max(max).optional();

/**
 * A new or changed channel. Left-out English name and descriptions are taken from the Turkish name
 * (spec §7), so a channel made in Turkish only still reads in English.
 */
export const channelInput = z.strictObject({
  channel_name: requiredText(120),
  channel_name_en: optionalText(120),
  channel_exp: multilineText().max(1000).optional(),
  channel_exp_en: multilineText().max(1000).optional(),
  channel_types: z.array(objectId).max(50).default([]),
  tags: z.array(singleLineText().min(1).max(60)).max(50).default([]),
  event_id: singleLineText().max(64).nullable().default(null),
  channel_ui_allowed: z.boolean().default(false),
  channel_single_participation: z.boolean().default(false),
  /** Fixed false when a channel is created (spec §7); only an update may turn it on. */
  channel_permission_allow: z.boolean().default(false),
  /** Fixed false when a channel is created (spec §7). */
  channel_teacher_form_allowed: z.boolean().default(false),
  /** Fixed false when a channel is created (spec §7). */
  channel_detail_payment_form_allowed: z.boolean().default(false),
  channel_payment_form_allowed: z.boolean().default(false),
  channel_cdp_data_entry: z.boolean().default(false),
  channel_cdp_receipt_entry: z.boolean().default(false),
  channel_status: z.boolean().default(true),
});
export type ChannelInput = z.input<typeof channelInput>;
export type ChannelValues = z.output<typeof channelInput>;

/** `showAll=true` answers every row as one array (pickers); otherwise one page of the list answer. */
const showAll = queryFlag;

export const channelSortKeys = ['channel_name', 'channel_name_en', 'createdAt'] as const;
export const channelListQuery = listSearchParams({
  orderBy: z.enum(channelSortKeys),
  filter: { showAll },
});
export const channelTypeSortKeys = ['channel_type_name', 'createdAt'] as const;
export const channelTypeListQuery = listSearchParams({
  orderBy: z.enum(channelTypeSortKeys),
  filter: { showAll },
});
