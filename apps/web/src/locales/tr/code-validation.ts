export default {
  title: 'Kupon Kodu Doğrulama',
  noCampaigns:
    'Kodu mağazada kullanılan, süresi devam eden bir kampanya yok. Kupon türündeki kampanyalar yayınlandığında burada seçilebilir.',
  empty: 'Kampanyayı seçip müşterinin kodunu yazın; kodun durumu ve sahibi burada görünür.',
  newCode: 'Yeni kod',
  fields: {
    campaign_id: 'Kampanya',
    coupon_code: 'Kupon kodu',
    customer_phone: 'Müşterinin söylediği telefon (isteğe bağlı)',
  },
  form: {
    title: 'Kod sorgulama',
    intro: 'Müşterinin gösterdiği kodu yazın. Büyük-küçük harf, boşluk ve tire fark etmez.',
    codeHint: 'Örnek: ABCDE-FGHJK',
    submit: 'Sorgula',
  },
  status: {
    ready: 'Müşteriye verilmedi',
    given: 'Kullanılabilir',
    used: 'Kullanıldı',
    not_used: 'Kullanılmadı',
    expired: 'Süresi doldu',
  },
  result: {
    campaign: 'Kampanya',
    validity: 'Kampanya tarihleri',
    dates: '{{start}} – {{end}}',
    holderName: 'Kod sahibi',
    holderPhone: 'Telefon',
    noHolder: 'Yok',
    givenAt: 'Verildiği tarih',
    expiresAt: 'Son kullanım',
    usedAt: 'Kullanıldığı tarih',
    none: '—',
  },
  notRedeemable: {
    ready: 'Bu kod henüz bir müşteriye verilmedi; kullanılamaz.',
    given: 'Bu kod şu anda kullanılamaz.',
    used: 'Bu kod {{date}} tarihinde kullanıldı; ikinci kez kullanılamaz.',
    not_used: 'Kampanya bu kod kullanılmadan sona erdi; kod artık kullanılamaz.',
    expired: 'Bu kodun kullanım süresi doldu; kod artık kullanılamaz.',
  },
  hold: {
    left: 'Kod {{time}} boyunca bu kasa için ayrıldı; başka bir kasa bu sürede işlem yapamaz.',
    over: 'Kodun bu kasa için ayrılma süresi doldu. Devam etmek için kodu yeniden sorgulayın.',
    again: 'Yeniden sorgula',
  },
  otp: {
    intro:
      'Kodun sahibi olduğunu doğrulamak için müşterinin kayıtlı telefonuna ({{phone}}) 4 haneli bir SMS kodu gönderin.',
    send: 'SMS kodu gönder',
    phoneHint:
      'Ek kontrol için: kodun sahibinin kayıtlı numarasıyla aynı olmalıdır. SMS her durumda kayıtlı numaraya gider.',
    sent: '{{phone}} numaralı telefona SMS kodu gönderildi. Müşteriden gelen 4 haneli kodu isteyin.',
    formLabel: 'SMS kodu ile kullanım',
    label: 'SMS kodu',
    digit: 'SMS kodunun {{index}}. hanesi',
    required: 'Müşterinin telefonuna gelen kodu yazın',
    incomplete: 'Kod {{length}} haneli olmalıdır',
    resend: 'Kodu yeniden gönder',
    resendIn: 'Yeniden gönder ({{time}})',
  },
  redeem: {
    submit: 'Kullanıldı olarak işaretle',
    done: 'Kod kullanıldı olarak işaretlendi',
    when: '{{campaign}} · {{time}}',
  },
};
