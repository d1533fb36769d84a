export default {
  fields: { province: 'İl', district: 'İlçe', locality: 'Mahalle' },
  chooseProvince: 'Önce il seçin',
  chooseDistrict: 'Önce ilçe seçin',
  noOptions: 'Sonuç bulunamadı',
  loading: 'Yükleniyor…',
};
