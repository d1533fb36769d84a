import campaignsEn from '../../locales/en/micro-site-campaigns';
import playEn from '../../locales/en/micro-site-play';
import campaignsTr from '../../locales/tr/micro-site-campaigns';
import playTr from '../../locales/tr/micro-site-play';
import { usePageTexts } from '../lib/i18n';

/**
 * The texts of a game's and a survey's section: the campaign pages' catalogue and their own, which
 * is bundled with those lazily loaded sections, so the first load of every page stays within budget.
 */
const pages = { tr: { ...campaignsTr, ...playTr }, en: { ...campaignsEn, ...playEn } };
export const usePlayT = () => usePageTexts(pages);
