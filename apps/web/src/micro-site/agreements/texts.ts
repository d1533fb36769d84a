import type { Agreement, AgreementType } from '@avlu/contracts';
import en from '../../locales/en/micro-site-agreements';
import tr from '../../locales/tr/micro-site-agreements';
import { usePageTexts } from '../lib/i18n';

/** The agreement pages' texts (pageText in lib/i18n.ts), loaded with those pages only. */
const pages = { tr, en };
export const useAgreementT = () => usePageTexts(pages);

/** POST /ext/app/agreements (spec §7 "Micro-site"): the mall's texts in use, by type. */
export const AGREEMENTS_PATH = '/ext/app/agreements';

/**
 * The agreement types in the address (`agreements/etk-permissions`), in the order they are listed.
 * The micro-site is the target `mobileapp` (spec §5: the KVKK text is type kvkk, target mobileapp).
 */
export const AGREEMENT_SLUGS: Record<string, AgreementType> = {
  'terms-and-conditions': 'terms_and_conditions',
  'etk-permissions': 'etk_permissions',
  kvkk: 'kvkk',
};
export const slugOf = (type: AgreementType) =>
  Object.keys(AGREEMENT_SLUGS).find((slug) => AGREEMENT_SLUGS[slug] === type)!;

/** The text of a type the micro-site shows: the mobile app's and micro-site's, else the one in use of another target. */
export const shownAgreement = (agreements: Agreement[], type: AgreementType): Agreement | null => {
  const ofType = agreements.filter((agreement) => agreement.agreement_type === type);
  return ofType.find((agreement) => agreement.agreement_target === 'mobileapp') ?? ofType[0] ?? null;
};

/** A text's date as the spec writes dates (dd MMMM yyyy), on the mall's calendar. */
export const formatDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'tr-TR', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Istanbul',
  }).format(new Date(iso));
