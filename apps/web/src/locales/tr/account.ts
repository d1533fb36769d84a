export default {
  title: 'Hesabım',
  profile: {
    title: 'Profil bilgileri',
    role: 'Rol',
    locations: 'AVM’ler',
    readOnly: 'E-posta, rol ve AVM’lerinizi yalnızca yetkili bir yönetici değiştirebilir.',
  },
  fields: {
    admin_name: 'Ad',
    admin_surname: 'Soyad',
    admin_gender: 'Cinsiyet',
    admin_phone_number: 'Telefon',
    admin_birthday: 'Doğum tarihi',
    admin_address: 'Adres',
    admin_profile_photo: 'Profil fotoğrafı',
    admin_email: 'E-posta',
    old_password: 'Mevcut şifre',
    new_password: 'Yeni şifre',
    confirm_password: 'Yeni şifre (tekrar)',
  },
  genders: { male: 'Erkek', female: 'Kadın', unknown: 'Belirtmek istemiyorum' },
  password: {
    title: 'Şifre değiştir',
    hint: 'En az 8 karakter; boşluk içeremez ve yaygın bir şifre olamaz.',
    submit: 'Şifreyi değiştir',
  },
  profileUpdated: 'Profil güncellendi',
};
