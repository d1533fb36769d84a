import type { Language } from '@avlu/contracts';
import en from '../../locales/en/micro-site-loyalty';
import tr from '../../locales/tr/micro-site-loyalty';
import { type Params, pageText, usePageTexts } from '../lib/i18n';

/** The loyalty pages' texts, receipts and gifts (pageText in lib/i18n.ts). */
const pages = { tr, en };
export const loyaltyText = (language: Language, key: string, params?: Params) =>
  pageText(pages, language, key, params);
export const useLoyaltyT = () => usePageTexts(pages);
