import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams, queryFlag } from '../common/list-query';
import { multilineText, requiredText } from '../common/text';

/** Spec §3 Agreement; each mall starts with a KVKK text. */
export const agreementTypes = ['terms_and_conditions', 'etk_permissions', 'kvkk'] as const;
export const agreementType = z.enum(agreementTypes);
export type AgreementType = z.infer<typeof agreementType>;
export const agreementTargets = ['mobileapp', 'web'] as const;
export const agreementTarget = z.enum(agreementTargets);

export const agreement = z.object({
  _id: objectId,
  agreement_title: z.string(),
  agreement_text: z.string(),
  agreement_target: agreementTarget,
  agreement_type: agreementType,
  agreement_text_pdf_tr: z.string().nullable(),
  agreement_text_pdf_en: z.string().nullable(),
  agreement_in_use: z.boolean(),
  /** Kept with every consent the text brings (the consent history's agreement_version). */
  agreement_version: z.string(),
  createdAt: z.string(),
});
export type Agreement = z.infer<typeof agreement>;

/** POST /ext/app/agreements: the mall's agreements in use, optionally of one type and target (spec §5: KVKK is type kvkk, target mobileapp). */
export const agreementFilterBody = z.strictObject({
  filter: z
    .strictObject({ agreement_type: agreementType.optional(), agreement_target: agreementTarget.optional() })
    .optional(),
});
export type AgreementFilterBody = z.infer<typeof agreementFilterBody>;

/** The address of an agreement's PDF text in our file store (POST /core/agreement/pdf answers it). */
export const AGREEMENT_PDF_URL_PATTERN = /^\/api\/files\/[A-Za-z0-9_-]{43}\.pdf$/;
export const agreementPdfUrl = z
  .string()
  .regex(AGREEMENT_PDF_URL_PATTERN, { message: 'validation.storedFile' });
/** A PDF text is at most 10 MB. */
export const AGREEMENT_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const AGREEMENT_TEXT_MAX = 200_000;
export const AGREEMENT_TITLE_MAX = 200;

const blankToNull = (value: unknown) => (value === '' ? null : value);

/**
 * POST /core/agreement: a new text, a new version. A text is never changed (the consents name its
 * version); one put in use takes the place of the text of its type and target in use.
 */
export const agreementInput = z.strictObject({
  agreement_title: requiredText(AGREEMENT_TITLE_MAX),
  agreement_text: multilineText().min(1, { message: 'validation.required' }).max(AGREEMENT_TEXT_MAX),
  agreement_target: agreementTarget,
  agreement_type: agreementType,
  agreement_text_pdf_tr: z.preprocess(blankToNull, agreementPdfUrl.nullable().optional()),
  agreement_text_pdf_en: z.preprocess(blankToNull, agreementPdfUrl.nullable().optional()),
  agreement_in_use: z.boolean().default(false),
});
export type AgreementInput = z.input<typeof agreementInput>;

/** PATCH /agreement/{id}. */
export const agreementInUseInput = z.strictObject({ agreement_in_use: z.boolean() });

export const agreementOrderBy = z.enum(['agreement_title', 'agreement_type', 'createdAt']);
/** GET /core/agreement: one page of the mall's texts, every version (limit, currentPage, keyword, filters). */
export const agreementListQuery = listSearchParams({
  orderBy: agreementOrderBy,
  filter: {
    agreement_type: agreementType.optional(),
    agreement_target: agreementTarget.optional(),
    agreement_in_use: queryFlag,
  },
});

/** POST /core/agreement/pdf: where the uploaded PDF is read. */
export const agreementPdfUpload = z.object({ url: agreementPdfUrl });
