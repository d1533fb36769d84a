export default {
  group: 'Kampanyalar',
  title: 'Kupon Sağlayıcıları',
  create: 'Yeni Kupon Sağlayıcısı',
  new: 'Yeni Kupon Sağlayıcısı',
  deleteTitle: 'Kupon sağlayıcısı silinsin mi?',
  added: 'Kupon sağlayıcısı eklendi',
  removed: 'Kupon sağlayıcısı kaldırıldı',
  empty:
    'Kupon sağlayıcıları kampanya kodlarını kabul eden mağazalar ve iş ortaklarıdır. Kod veya üçüncü taraf kampanyası açmadan önce en az birini ekleyin.',
  fields: {
    coupon_provider_name: 'Sağlayıcı adı',
    coupon_provider_type: 'Türü',
    coupon_provider_store_id: 'Mağaza',
    coupon_provider_store_name: 'Mağaza',
  },
};
