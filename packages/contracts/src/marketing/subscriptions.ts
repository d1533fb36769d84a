import { z } from 'zod';

// ——— What customers do with the mall's messages: device tokens, unsubscribe, double opt-in ———

/** `PUT /ext/app/customers/push-token` (the app's FCM registration token, its platform and language). */
export const pushTokenInput = z.strictObject({
  push_token: z
    .string()
    .trim()
    .min(16)
    .max(4096)
    .regex(/^[\x21-\x7e]+$/, { message: 'validation.invalid' }),
  push_token_platform: z.enum(['android', 'ios', 'web']).nullable().optional(),
  push_token_language: z.enum(['tr', 'en']).nullable().optional(),
});
export type PushTokenInput = z.input<typeof pushTokenInput>;
/** `DELETE /ext/app/customers/push-token`: the token to forget. */
export const pushTokenRemoval = pushTokenInput.pick({ push_token: true });
export const pushTokenResult = z.object({ registered: z.boolean() });

/** The answer of `GET`/`POST /ext/marketing/unsubscribe/{token}` for the web app's page. */
export const unsubscribeResult = z.object({
  /** Whether the address no longer gets the mall's commercial email (true once done, however often). */
  unsubscribed: z.boolean(),
  location_name: z.string(),
  /** The address, partly hidden (`a***@example.com`). */
  email: z.string().nullable(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;

/** The channels a double opt-in asks consent for. */
export const optInChannels = ['sms', 'email'] as const;
export type OptInChannel = (typeof optInChannels)[number];

/**
 * `POST /ext/customers/notification/confirm` (spec §7: notificationToken, notificationCode): the
 * link's token and the 4-digit code sent to the customer.
 */
export const optInConfirmInput = z.strictObject({
  notificationToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, { message: 'validation.optInUnknown' }),
  notificationCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { message: 'validation.smsCode' }),
});
export const optInConfirmResult = z.object({
  confirmed: z.literal(true),
  channel: z.enum(optInChannels),
  location_name: z.string(),
});

/** `POST /customer/profile/{id}/opt-in` (staff): send the customer a confirmation link and code. */
export const optInStartInput = z.strictObject({ channel: z.enum(optInChannels) });
export const optInStartResult = z.object({ sent: z.literal(true), expiresAt: z.string() });
