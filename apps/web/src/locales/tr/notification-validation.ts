/** The double opt-in's confirmation page (/ext/customers/notification/validation). */
export default {
  title: 'Aboneliğinizi onaylayın',
  subtitle: 'Size gönderilen mesajdaki 4 haneli kodu girin.',
  noToken: 'Bu bağlantı eksik. Lütfen size gönderilen mesajdaki bağlantıyı olduğu gibi açın.',
  submit: 'Onayla',
  done: {
    sms: '{{mall}} kampanya ve duyurularını artık SMS ile alacaksınız. Teşekkürler!',
    email: '{{mall}} kampanya ve duyurularını artık e-posta ile alacaksınız. Teşekkürler!',
  },
  fields: { notificationCode: 'Doğrulama kodu' },
};
