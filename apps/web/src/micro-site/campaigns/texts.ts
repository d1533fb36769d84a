import type { Language } from '@avlu/contracts';
import en from '../../locales/en/micro-site-campaigns';
import tr from '../../locales/tr/micro-site-campaigns';
import { type Params, pageText, usePageTexts } from '../lib/i18n';

/** The campaign pages' texts (pageText in lib/i18n.ts). */
const pages = { tr, en };
export const campaignText = (language: Language, key: string, params?: Params) =>
  pageText(pages, language, key, params);
export const useCampaignT = () => usePageTexts(pages);
