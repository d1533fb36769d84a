import { z } from 'zod';
import { objectId } from '../common/ids';

/** Spec §3 Agreement. The back-office for them comes with the agreements feature; each mall starts with a KVKK text. */
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
