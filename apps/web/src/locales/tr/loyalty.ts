export default {
  title: 'Sadakat',
  fields: {
    loyalty_tier_title: 'Seviye adı (Türkçe)',
    loyalty_tier_title_en: 'Seviye adı (İngilizce)',
    loyalty_tier_min_points: 'Gereken puan',
    loyalty_tier_point_multiplier: 'Puan çarpanı',
    loyalty_tier_priority: 'Öncelik',
    loyalty_tier_customer_count: 'Müşteri sayısı',
  },
  tiers: {
    title: 'Üyelik Seviyeleri',
    new: 'Yeni Üyelik Seviyesi',
    edit: 'Üyelik Seviyesini Düzenle',
    create: 'Yeni seviye',
    backToList: 'Üyelik seviyelerine dön',
    empty:
      'Bu AVM’de henüz üyelik seviyesi yok. Müşteriler kazandıkları puanla seviye atlar; her seviye fişten kazanılan puanı çarpanıyla artırır.',
    created: 'Üyelik seviyesi eklendi',
    updated: 'Üyelik seviyesi güncellendi',
    removed: 'Üyelik seviyesi silindi',
    deleteTitle: 'Üyelik seviyesi silinsin mi?',
    deleteText_one:
      '“{{name}}” silinecek; bu seviyedeki {{count}} müşteri, puanının yettiği bir alt seviyeye geçer.',
    deleteText_other:
      '“{{name}}” silinecek; bu seviyedeki {{count}} müşteri, puanlarının yettiği bir alt seviyeye geçer.',
    englishHint: 'Boş bırakılırsa İngilizce ekranlarda Türkçe adı görünür',
    minPointsHint:
      'Son puan sıfırlamasından bu yana kazanılan puan bu değere ulaşınca müşteri bu seviyeye geçer',
    multiplierHint: 'Fişten kazanılan puan bu sayıyla çarpılır (0,01–10; ör. 1,25)',
    priorityHint: '1–99; her seviyenin önceliği farklıdır, 1 en yüksektir',
  },
};
