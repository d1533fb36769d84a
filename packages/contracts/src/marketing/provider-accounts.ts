import { z } from 'zod';
import { objectId } from '../common/ids';
import { multilineText, requiredText, safeUrl, singleLineText, verbatimText } from '../common/text';
import { providerAccountKinds } from './notifications';

// ——— Provider accounts (spec §3 Dashboard data, §7 `GET /data/dashboard/{sms|mail}-service-accounts`) ———

/** The channels whose accounts the settings screen manages, with the driver each one uses. */
export const providerAccountProviders = { sms: ['netgsm'], email: ['smtp'], push: ['fcm'] } as const;
export const providerAccountStates = ['unchecked', 'ok', 'error', 'inactive'] as const;
export type ProviderAccountState = (typeof providerAccountStates)[number];

const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsNull, schema.nullable()).default(null);

/**
 * The credentials as the settings screen sends them, never answered: NetGSM and SMTP a user and a
 * password, FCM the service account's JSON. Left out on an update, the stored ones stay.
 */
export const providerCredentialsInput = z.strictObject({
  user: optional(singleLineText().max(200)),
  password: optional(verbatimText().min(1).max(500)),
  /** FCM: the service account key file's JSON text. */
  service_account: optional(multilineText().min(2).max(20_000)),
});
export type ProviderCredentialsInput = z.input<typeof providerCredentialsInput>;

/** The SMS header NetGSM sends under: 3 to 11 letters, digits, spaces, dots or dashes. */
const smsHeader = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N} .-]{3,11}$/u, { message: 'validation.smsHeader' });
/** NetGSM's application name (`appname`), which the account's API key is issued to: letters, digits, `_ . -`. */
const netgsmAppname = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'validation.netgsmAppname' });
const fromAddress = z.email({ message: 'validation.format.email' }).min(6).max(265);

/**
 * `POST /marketing/provider-accounts` and `PUT …/{id}` (system admin): one account per channel and
 * kind. The sender is the SMS header or the from address (push has none).
 */
export const providerAccountInput = z
  .strictObject({
    account_channel: z.enum(['sms', 'email', 'push'], { message: 'validation.required' }),
    account_kind: z.enum(providerAccountKinds, { message: 'validation.required' }),
    account_name: requiredText(120),
    account_sender: optional(singleLineText().max(265)),
    account_sender_name: optional(singleLineText().max(120)),
    /** SMS (NetGSM) only: the application name sent as `appname` with every call; null: none. */
    account_appname: optional(z.string().max(64)),
    account_endpoint: optional(safeUrl().max(2048)),
    account_rate_per_second: optional(z.number().int().min(1).max(100_000)),
    account_is_active: z.boolean().default(true),
    account_credentials: providerCredentialsInput.optional(),
  })
  .superRefine((values, context) => {
    if (values === null || typeof values !== 'object' || !values.account_channel) return;
    const sender = values.account_sender;
    if (values.account_channel === 'sms' && (sender === null || !smsHeader.safeParse(sender).success))
      context.addIssue({
        code: 'custom',
        path: ['account_sender'],
        message: sender === null ? 'validation.required' : 'validation.smsHeader',
      });
    if (
      values.account_channel === 'sms' &&
      values.account_appname !== null &&
      values.account_appname !== undefined &&
      !netgsmAppname.safeParse(values.account_appname).success
    )
      context.addIssue({ code: 'custom', path: ['account_appname'], message: 'validation.netgsmAppname' });
    if (values.account_channel === 'email' && (sender === null || !fromAddress.safeParse(sender).success))
      context.addIssue({
        code: 'custom',
        path: ['account_sender'],
        message: sender === null ? 'validation.required' : 'validation.format.email',
      });
  });
export type ProviderAccountInput = z.input<typeof providerAccountInput>;
export type ProviderAccountValues = z.output<typeof providerAccountInput>;

/** An account as answered: whether credentials are set, never what they are. */
export const providerAccount = z.object({
  _id: objectId,
  account_channel: z.enum(['sms', 'email', 'push']),
  account_kind: z.enum(providerAccountKinds),
  account_provider: z.string(),
  account_name: z.string(),
  account_sender: z.string().nullable(),
  account_sender_name: z.string().nullable(),
  account_appname: z.string().nullable(),
  account_endpoint: z.string().nullable(),
  account_rate_per_second: z.number().int().nullable(),
  account_is_active: z.boolean(),
  account_has_credentials: z.boolean(),
  account_state: z.string(),
  account_state_message: z.string().nullable(),
  /** The SMS credit (TL) the provider last told, when it tells it. */
  account_credit: z.number().nullable(),
  account_checked_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderAccount = z.infer<typeof providerAccount>;

export const providerAccountListQuery = z.strictObject({
  channel: z.enum(['sms', 'email', 'push']).optional(),
});
