export default {
  brand: {
    title: 'AVM’nizin müşterilerini tanıyın.',
    text: 'Müşteri verisi, kampanyalar ve sadakat programı tek bir yönetim panelinde.',
    highlights: {
      customers: 'Müşterilerinizi ve izinlerini tek yerde yönetin',
      campaigns: 'Kampanya, kupon ve bildirimlerinizi planlayın',
      loyalty: 'Fişleri onaylayın, puan ve hediyeleri takip edin',
    },
  },
  login: {
    title: 'Giriş Yap',
    subtitle: 'Yönetim paneline ulaşmak için e-posta adresinizi ve şifrenizi girin.',
    email: 'E-posta',
    password: 'Şifre',
    showPassword: 'Şifreyi göster',
    hidePassword: 'Şifreyi gizle',
    remember: 'Beni hatırla',
    forgotPassword: 'Şifremi unuttum',
    submit: 'Giriş Yap',
    success: 'Giriş başarılı, hoş geldiniz!',
  },
  fields: {
    admin_email: 'E-posta',
    admin_name: 'Ad',
    admin_surname: 'Soyad',
    admin_password: 'Şifre',
    confirm_password: 'Şifre (tekrar)',
  },
  passwordRules: 'En az 8 karakter; boşluk içeremez ve yaygın bir şifre olamaz.',
  backToLogin: 'Giriş sayfasına dön',
  register: {
    title: 'Hesap oluşturun',
    byInvitation:
      'Avlu hesapları davetle açılır. Yöneticinizden davet isteyin; e-postanıza gelen bağlantıyla kaydınızı tamamlayabilirsiniz.',
    haveAccount: 'Zaten hesabınız var mı?',
  },
  invite: {
    title: 'Kaydınızı tamamlayın',
    subtitle: 'Adınızı yazın ve bir şifre belirleyin; ardından doğrudan panele yönlendirileceksiniz.',
    role: 'Rolünüz: {{role}}',
    submit: 'Kaydı tamamla',
    success: 'Kaydınız tamamlandı, hoş geldiniz!',
    invalidTitle: 'Davet bağlantısı kullanılamıyor',
  },
  forget: {
    title: 'Şifrenizi mi unuttunuz?',
    subtitle: 'Hesabınıza ait e-posta adresini yazın; şifrenizi yenilemeniz için bir bağlantı gönderelim.',
    submit: 'Bağlantı gönder',
  },
  verify: {
    title: 'E-postanızı kontrol edin',
    sent: 'Bu adres kayıtlıysa şifre yenileme bağlantısını gönderdik. Gelen kutunuzu (ve istenmeyen klasörünü) kontrol edin.',
    sentTo:
      '{{email}} adresi kayıtlıysa şifre yenileme bağlantısını gönderdik. Gelen kutunuzu (ve istenmeyen klasörünü) kontrol edin.',
    otherAddress: 'Başka bir adres deneyin',
  },
  reset: {
    title: 'Yeni şifre belirleyin',
    subtitle: 'Hesabınız için yeni bir şifre girin.',
    submit: 'Şifreyi güncelle',
    success: 'Şifreniz güncellendi; yeni şifrenizle giriş yapabilirsiniz.',
    newLink: 'Yeni bağlantı iste',
  },
  unlock: {
    title: 'Hesabınızın kilidini açın',
    subtitle:
      'Hesabınız çok sayıda başarısız giriş denemesinden sonra kilitlendi. Denemeler sizinse kilidi buradan açın; değilse ardından yeni bir şifre belirleyin.',
    submit: 'Hesabımın kilidini aç',
    success: 'Hesabınızın kilidi açıldı; şimdi giriş yapabilirsiniz.',
    resetInstead: 'Bunun yerine şifremi sıfırla',
  },
};
