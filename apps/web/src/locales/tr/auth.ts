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
};
