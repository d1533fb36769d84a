import {
  type Channel,
  type ChannelInput,
  type ChannelType,
  type ChannelTypeInput,
  channel,
  channelInput,
  channelType,
  channelTypeInput,
} from '@avlu/contracts';
import { z } from 'zod';
import { api, type DownloadProgress } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** Registration channels (spec §3, §7 "Channels"): GET/POST /data-types/channel, GET/PUT/DELETE …/{id}. */
export const channels = defineResource<Channel, ChannelInput>({
  name: 'channels',
  path: '/data-types/channel',
  item: channel,
  input: channelInput,
  messages: { removed: 'channels:removed' },
});

/** Channel types, shown as "channel tags": GET/POST /data-types/channel-type, PUT/DELETE …/{id}. */
export const channelTypes = defineResource<ChannelType, ChannelTypeInput>({
  name: 'channel-types',
  path: '/data-types/channel-type',
  item: channelType,
  input: channelTypeInput,
  messages: { updated: 'channels:tags.updated', removed: 'channels:tags.removed' },
});

/** `showAll=true`: every row as one array, for pickers and for naming ids. */
export const everyRow = { pagination: { limit: 1000, currentPage: 1 }, filter: { showAll: 'true' } };

/** Every channel type of the mall, for the channel form's picker and the list's chips. */
export const useAllChannelTypes = ({ enabled = true } = {}) =>
  channelTypes.useList(everyRow, { staleTime: 60_000, enabled });

/** POST /data-types/channel/export/{id}: the channel's customers as an xlsx file (save it with `useExport`). */
export const exportChannel = (id: string, onProgress: (progress: DownloadProgress) => void) =>
  api.download('POST', `/data-types/channel/export/${id}`, { onProgress });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The channel form: the contracts input, with an emptied event id meaning none. */
export const channelForm = channelInput.extend({
  event_id: z.preprocess(blankToNull, channelInput.shape.event_id),
});
export type ChannelFormInput = z.input<typeof channelForm>;

/** The channel name in the language of the screen (the English one falls back to the Turkish). */
export const channelName = (row: Pick<Channel, 'channel_name' | 'channel_name_en'>, language: string) =>
  language === 'en' ? row.channel_name_en || row.channel_name : row.channel_name;
export const channelDescription = (row: Pick<Channel, 'channel_exp' | 'channel_exp_en'>, language: string) =>
  language === 'en' ? row.channel_exp_en || row.channel_exp : row.channel_exp;

/** The switches of a channel, in the order the form and the list show them. */
export const channelFlags = [
  'channel_status',
  'channel_cdp_data_entry',
  'channel_cdp_receipt_entry',
  'channel_ui_allowed',
  'channel_single_participation',
  'channel_payment_form_allowed',
  'channel_permission_allow',
  'channel_teacher_form_allowed',
  'channel_detail_payment_form_allowed',
] as const satisfies readonly (keyof Channel)[];
export type ChannelFlag = (typeof channelFlags)[number];

/** Spec §7: a new channel starts with these off; only an edit may turn them on. */
export const fixedOffOnCreate: readonly ChannelFlag[] = [
  'channel_permission_allow',
  'channel_teacher_form_allowed',
  'channel_detail_payment_form_allowed',
];

/** A channel staff may register customers through (spec §8: "no open channel with CDP data entry"). */
export const takesRegistrations = (row: Pick<Channel, 'channel_status' | 'channel_cdp_data_entry'>) =>
  row.channel_status && row.channel_cdp_data_entry;
