/**
 * The customer detail's game rights and steps tabs (issue 15 #2, #6): loaded with those tabs, not in
 * every first load (features/customers/mechanics-texts.ts).
 */
export default {
  fields: {
    campaign_id: 'Kampanya',
    game_right_count: 'Hak sayısı',
    game_right_reason: 'Gerekçe',
  },
  games: {
    label: 'Müşterinin oyun hakları',
    intro:
      'Süren çarkıfelek ve kazı kazan kampanyalarında müşterinin hakları: fişlerden kazandığı, personelin verdiği, oynayarak harcadığı ve kalan.',
    empty:
      'Bu AVM’de şu an süren bir çarkıfelek ya da kazı kazan kampanyası yok. Bir oyun kampanyası yayına alındığında müşterinin hakları burada listelenir.',
    give: 'Hak ver',
    giveTitle: 'Oyun hakkı ver',
    giveIntro:
      'Verilen haklar müşterinin bu kampanyadaki haklarına eklenir. Gerekçe, hakkı veren personelin adıyla birlikte kayda geçer.',
    reasonHint: 'Örneğin: Çark dönerken bağlantı koptu, hak iade edildi',
    given: 'Oyun hakkı verildi',
    until: 'Son gün {{date}}',
    playsWins: '{{plays}} / {{wins}}',
    columns: {
      campaign: 'Kampanya',
      type: 'Oyun',
      earned: 'Fişlerden',
      given: 'Personelden',
      spent: 'Harcanan',
      left: 'Kalan',
      plays: 'Oyun / kazanma',
    },
  },
  steps: {
    label: 'Müşterinin adımları',
    intro:
      'Müşterinin telefonundaki uygulamanın bildirdiği adımlar, son 30 gün. Bir gün için son bildirim geçerlidir.',
    today: 'Bugün',
    stepCount: '{{steps}} adım',
    goals: 'Bugünkü adım hedefleri',
    noGoals: 'Şu an süren bir adım hedefi kampanyası yok.',
    goal: 'Hedef: {{goal}} adım',
    progress: '{{name}}: hedefin %{{percent}} kadarı',
    reached: 'Hedefe ulaştı',
    toGo: '{{steps}} adım kaldı',
    couponGiven: 'Bugünün kuponu verildi',
    couponNotGiven: 'Kupon verilmedi',
    empty:
      'Son 30 günde adım bildirilmedi. Müşterinin telefonundaki uygulama adımları bildirdiğinde burada gün gün görünür.',
    goalLine: 'Kesikli çizgi: süren adım kampanyasının hedefi.',
    days: 'Son 30 günün adımları',
    columns: {
      day: 'Gün',
      steps: 'Adım',
      updatedAt: 'Son bildirim',
    },
  },
};
