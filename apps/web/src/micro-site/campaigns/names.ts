import type { Language, MicroSiteCampaign, MicroSiteStore, PublicCampaign } from '@avlu/contracts';

// Kept apart from the code views, so the campaigns list does not load the QR code encoder.

/** A campaign's name and description in the chosen language (English falls back to Turkish where it has none). */
export const campaignName = (campaign: PublicCampaign, language: Language) =>
  (language === 'en' && campaign.campaign_name_en) || campaign.campaign_name;
export const campaignDescription = (campaign: PublicCampaign, language: Language) =>
  (language === 'en' && campaign.campaign_description_en) || campaign.campaign_description;

/** The campaign's stores the directory knows, in the campaign's order. */
export const storesOfCampaign = (campaign: MicroSiteCampaign, stores: Map<string, MicroSiteStore>) =>
  (campaign.campaign_store_ids ?? []).flatMap((id) => stores.get(id) ?? []);
