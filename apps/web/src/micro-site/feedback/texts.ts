import en from '../../locales/en/micro-site-feedback';
import tr from '../../locales/tr/micro-site-feedback';
import { usePageTexts } from '../lib/i18n';

/** The feedback page's texts (pageText in lib/i18n.ts), loaded with that page only. */
const pages = { tr, en };
export const useFeedbackT = () => usePageTexts(pages);

export const FEEDBACK_TYPES_PATH = '/ext/app/feedback-types';
export const FEEDBACK_PATH = '/ext/app/feedback';
