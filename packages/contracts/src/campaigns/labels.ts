import type { Language } from '../i18n/languages';
import type { CouponProviderType } from './coupon-provider';
import type { CouponStatus } from './coupon-status';
import type { CampaignState, CampaignStatus } from './lifecycle';
import type {
  CampaignField,
  CampaignParticipation,
  CampaignType,
  GameRightRule,
  SpendingLimitType,
} from './types';

/**
 * The words people read for campaign and coupon fields and values, in each language (like
 * `customers/labels.ts`): the back-office's `campaigns` catalogue spreads them, the exports write
 * them and the code import reads its header with them, so a screen and an Excel file say the same.
 */

/** Spec §1 campaign types. */
export const campaignTypeLabels: Record<Language, Record<CampaignType, string>> = {
  tr: {
    basic: 'Temel',
    code: 'Kod',
    coupon: 'Kupon',
    over_limit_coupon: 'Limit üstü kupon',
    session_coupon: 'Süreli kupon',
    third_party: 'Üçüncü taraf',
    scratch_card: 'Kazı kazan',
    wheel_of_fortune: 'Çarkıfelek',
    survey: 'Anket',
    birthday: 'Doğum günü',
    parking: 'Otopark',
    regular_code: 'Sabit kod',
    receipt: 'Fiş',
  },
  en: {
    basic: 'Basic',
    code: 'Code',
    coupon: 'Coupon',
    over_limit_coupon: 'Over-limit coupon',
    session_coupon: 'Session coupon',
    third_party: 'Third-party',
    scratch_card: 'Scratch card',
    wheel_of_fortune: 'Wheel of fortune',
    survey: 'Survey',
    birthday: 'Birthday',
    parking: 'Parking',
    regular_code: 'Regular code',
    receipt: 'Receipt',
  },
};

/** Spec §4 campaign states, as shown (`campaignStateAt`); the stored statuses are three of them. */
export const campaignStateLabels: Record<Language, Record<CampaignState, string>> = {
  tr: {
    to_be_published: 'Yayınlanacak',
    published: 'Yayınlandı',
    activated: 'Aktif',
    ended: 'Sona erdi',
    archived: 'Arşivlendi',
  },
  en: {
    to_be_published: 'To be published',
    published: 'Published',
    activated: 'Activated',
    ended: 'Ended',
    archived: 'Archived',
  },
};

export const campaignStatusLabels: Record<Language, Record<CampaignStatus, string>> = {
  tr: {
    to_be_published: campaignStateLabels.tr.to_be_published,
    published: campaignStateLabels.tr.published,
    archived: campaignStateLabels.tr.archived,
  },
  en: {
    to_be_published: campaignStateLabels.en.to_be_published,
    published: campaignStateLabels.en.published,
    archived: campaignStateLabels.en.archived,
  },
};

export const campaignParticipationLabels: Record<Language, Record<CampaignParticipation, string>> = {
  tr: { once: 'Bir kez', once_a_day: 'Günde bir kez', unlimited: 'Sınırsız' },
  en: { once: 'Once', once_a_day: 'Once a day', unlimited: 'Unlimited' },
};

/** Spec §3: spending limit day based or single receipt based. */
export const spendingLimitTypeLabels: Record<Language, Record<SpendingLimitType, string>> = {
  tr: { day_based: 'Gün bazlı', single_receipt_based: 'Tek fiş bazlı' },
  en: { day_based: 'Day based', single_receipt_based: 'Single receipt based' },
};

/** Games: how approved receipts earn rights to play (issue 15 #2). */
export const gameRightRuleLabels: Record<Language, Record<GameRightRule, string>> = {
  tr: { per_receipt: 'Her fiş için bir hak', per_spending_step: 'Her harcama adımı için bir hak' },
  en: { per_receipt: 'One right per receipt', per_spending_step: 'One right per spending step' },
};

/** Spec §3/§4 coupon code status. */
export const couponStatusLabels: Record<Language, Record<CouponStatus, string>> = {
  tr: { ready: 'Hazır', given: 'Verildi', used: 'Kullanıldı', not_used: 'Kullanılmadı' },
  en: { ready: 'Ready', given: 'Given', used: 'Used', not_used: 'Not used' },
};

/** Spec §3 coupon provider type. */
export const couponProviderTypeLabels: Record<Language, Record<CouponProviderType, string>> = {
  tr: { store: 'Mağaza', other: 'Diğer' },
  en: { store: 'Store', other: 'Other' },
};

/** The campaign form's field names (and a campaign export's headers). */
export const campaignFieldLabels: Record<Language, Record<CampaignField, string>> = {
  tr: {
    campaign_name: 'Kampanya adı (Türkçe)',
    campaign_name_en: 'Kampanya adı (İngilizce)',
    campaign_description: 'Açıklama (Türkçe)',
    campaign_description_en: 'Açıklama (İngilizce)',
    campaign_type: 'Kampanya türü',
    campaign_start_date: 'Başlangıç tarihi',
    campaign_end_date: 'Bitiş tarihi',
    campaign_archive_date: 'Arşivlenme tarihi',
    campaign_images: 'Görseller',
    campaign_is_qrcode: 'QR kod kampanyası',
    campaign_budget: 'Katılım bütçesi',
    campaign_spending_limit: 'Harcama limiti',
    campaign_spending_limit_type: 'Harcama limiti türü',
    campaign_point_multiplier: 'Puan çarpanı',
    campaign_participation: 'Katılım kuralı',
    campaign_daily_participation_limit: 'Günlük katılım sınırı',
    campaign_win_rate: 'Kazanma oranı (%)',
    campaign_scratch_area_count: 'Kazıma alanı sayısı',
    campaign_scratch_images: 'Kazı kazan görselleri',
    campaign_session_day_count: 'Geçerlilik süresi (gün)',
    campaign_third_party_id: 'Üçüncü taraf kampanya kimliği',
    campaign_survey_id: 'Anket',
    campaign_regular_code: 'Sabit kod',
    campaign_store_ids: 'Mağazalar',
    campaign_store_category_ids: 'Geçerli kategoriler',
    campaign_excluded_store_ids: 'Hariç tutulan mağazalar',
    campaign_excluded_category_ids: 'Hariç tutulan kategoriler',
    campaign_stamp_count: 'Kart başına damga sayısı',
    campaign_game_right_rule: 'Oyun hakkı kuralı',
    campaign_lottery_permit_no: 'Çekiliş izin numarası (MPİ)',
    campaign_prizes: 'Ödüller',
    campaign_step_goal: 'Günlük adım hedefi',
    campaign_provider_ids: 'Kupon sağlayıcıları',
    campaign_channel_ids: 'Kanallar',
    campaign_segment: 'Hedef kitle',
  },
  en: {
    campaign_name: 'Campaign name (Turkish)',
    campaign_name_en: 'Campaign name (English)',
    campaign_description: 'Description (Turkish)',
    campaign_description_en: 'Description (English)',
    campaign_type: 'Campaign type',
    campaign_start_date: 'Start date',
    campaign_end_date: 'End date',
    campaign_archive_date: 'Archive date',
    campaign_images: 'Images',
    campaign_is_qrcode: 'QR code campaign',
    campaign_budget: 'Participation budget',
    campaign_spending_limit: 'Spending limit',
    campaign_spending_limit_type: 'Spending limit type',
    campaign_point_multiplier: 'Point multiplier',
    campaign_participation: 'Participation rule',
    campaign_daily_participation_limit: 'Daily participation limit',
    campaign_win_rate: 'Win rate (%)',
    campaign_scratch_area_count: 'Scratch area count',
    campaign_scratch_images: 'Scratch card images',
    campaign_session_day_count: 'Valid for (days)',
    campaign_third_party_id: 'Third-party campaign id',
    campaign_survey_id: 'Survey',
    campaign_regular_code: 'Regular code',
    campaign_store_ids: 'Stores',
    campaign_store_category_ids: 'Counting categories',
    campaign_excluded_store_ids: 'Excluded stores',
    campaign_excluded_category_ids: 'Excluded categories',
    campaign_stamp_count: 'Stamps per card',
    campaign_game_right_rule: 'Game right rule',
    campaign_lottery_permit_no: 'Lottery permit number (MPİ)',
    campaign_prizes: 'Prizes',
    campaign_step_goal: 'Daily step goal',
    campaign_provider_ids: 'Coupon providers',
    campaign_channel_ids: 'Channels',
    campaign_segment: 'Target segment',
  },
};

export type CouponExportColumn =
  | 'coupon_code'
  | 'coupon_status'
  | 'customer_name'
  | 'customer_surname'
  | 'customer_phone'
  | 'channel_name'
  | 'coupon_given_at'
  | 'coupon_used_at'
  | 'coupon_expires_at'
  | 'coupon_redeemed_by'
  | 'createdAt';

/**
 * The headers of a campaign's code export (`POST /campaign/{id}/coupons/export`), in this order. The
 * code import (`POST /coupons/code-parser`) finds its code column by `coupon_code`'s header in either
 * language, so an exported file's codes import back.
 */
export const couponExportColumnLabels: Record<Language, Record<CouponExportColumn, string>> = {
  tr: {
    coupon_code: 'Kupon kodu',
    coupon_status: 'Durum',
    customer_name: 'Müşteri adı',
    customer_surname: 'Müşteri soyadı',
    customer_phone: 'Telefon',
    channel_name: 'Kanal',
    coupon_given_at: 'Verilme tarihi',
    coupon_used_at: 'Kullanılma tarihi',
    coupon_expires_at: 'Son kullanma tarihi',
    coupon_redeemed_by: 'Onaylayan personel',
    createdAt: 'Oluşturulma tarihi',
  },
  en: {
    coupon_code: 'Coupon code',
    coupon_status: 'Status',
    customer_name: 'Customer name',
    customer_surname: 'Customer surname',
    customer_phone: 'Phone',
    channel_name: 'Channel',
    coupon_given_at: 'Given on',
    coupon_used_at: 'Used on',
    coupon_expires_at: 'Valid until',
    coupon_redeemed_by: 'Redeemed by',
    createdAt: 'Created on',
  },
};

/** Other headers the code import reads as the code column. */
export const couponImportCodeAliases: readonly string[] = ['Kod', 'Code', 'Kupon', 'Coupon', 'coupon_code'];
