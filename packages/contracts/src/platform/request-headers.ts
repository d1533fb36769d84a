import { z } from 'zod';

/** Headers the web client sends with every call (spec §7 Common behaviour). */
export const requestHeaders = z.object({
  'accept-language': z.string().optional().describe('tr (default) or en'),
  'timezone-offset': z.coerce
    .number()
    .int()
    .min(-840)
    .max(720)
    .optional()
    .describe("Minutes, as the browser's Date#getTimezoneOffset (Istanbul: -180)"),
  'request-time': z.iso
    .datetime({ offset: true })
    .optional()
    .describe('When the client sent the call, ISO 8601'),
});
export type RequestHeaders = z.infer<typeof requestHeaders>;
