import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams, queryFlag } from '../common/list-query';
import { requiredText, singleLineText } from '../common/text';

/** Spec §5: a QR code's title is at most 50 characters, without spaces (it names the printed file). */
export const QR_CODE_TITLE_MAX = 50;

/** What the app opens on the code's campaign: its page, or joining it (a coupon). */
export const qrCodeTypes = ['campaign_detail', 'join_campaign'] as const;
export const qrCodeType = z.enum(qrCodeTypes);
/** Automatic: the code holds its redirect page's address; manual: the content the staff typed. */
export const qrCodeGenerations = ['automatic', 'manual'] as const;
export const qrCodeGeneration = z.enum(qrCodeGenerations);
export const scanPlatforms = ['android', 'ios', 'desktop', 'other'] as const;
export type ScanPlatform = (typeof scanPlatforms)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /qrcode, PUT /qrcode/{id}. */
export const qrCodeInput = z
  .strictObject({
    qr_code_title: requiredText(QR_CODE_TITLE_MAX).refine((value) => !/\s/.test(value), {
      message: 'validation.qrCodeTitleSpaces',
    }),
    qr_code_type: qrCodeType,
    qr_code_campaign_id: objectId,
    qr_code_generation: qrCodeGeneration,
    qr_code_content: z.preprocess(blankToUndefined, singleLineText().max(500).optional()),
  })
  .superRefine((value, context) => {
    if (value.qr_code_generation === 'manual' && !value.qr_code_content)
      context.addIssue({
        code: 'custom',
        path: ['qr_code_content'],
        message: 'validation.qrCodeContentRequired',
      });
  });
export type QrCodeInput = z.input<typeof qrCodeInput>;

export const qrCode = z.object({
  _id: objectId,
  qr_code_title: z.string(),
  qr_code_type: qrCodeType,
  qr_code_campaign_id: objectId,
  qr_code_campaign_name: z.string(),
  qr_code_generation: qrCodeGeneration,
  qr_code_content: z.string().nullable(),
  /** What the image holds: the redirect page's address (automatic) or the typed content (manual). */
  qr_code_value: z.string(),
  qr_code_scan_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QrCode = z.infer<typeof qrCode>;

export const qrCodeOrderBy = z.enum(['qr_code_title', 'qr_code_scan_count', 'createdAt']);
/** GET /qrcode: every code with showAll=true, else one page (limit, currentPage, keyword, order, orderBy). */
export const qrCodeListQuery = listSearchParams({ orderBy: qrCodeOrderBy, filter: { showAll: queryFlag } });

/** GET /qrcode/deeplink/{qrCodeId}?locationId: the mall's app and store addresses (spec §3). */
export const qrCodeDeepLinkParams = z.strictObject({ qrCodeId: objectId });
export const qrCodeDeepLink = z.object({
  fallbackUrl: z.string().nullable(),
  androidApp: z.string().nullable(),
  androidStore: z.string().nullable(),
  iosApp: z.string().nullable(),
  iosStore: z.string().nullable(),
});
export type QrCodeDeepLink = z.infer<typeof qrCodeDeepLink>;

/** The redirect page's address of a code: what an automatic code's image holds. */
export const redirectPagePath = (qrCodeId: string, locationId: string) =>
  `/redirect?qrCodeId=${qrCodeId}&locationId=${locationId}`;
