export default {
  title: 'Loyalty',
  fields: {
    loyalty_tier_title: 'Tier name (Turkish)',
    loyalty_tier_title_en: 'Tier name (English)',
    loyalty_tier_min_points: 'Points needed',
    loyalty_tier_point_multiplier: 'Point multiplier',
    loyalty_tier_priority: 'Priority',
    loyalty_tier_customer_count: 'Customers',
  },
  tiers: {
    title: 'Membership status',
    new: 'New Membership Tier',
    edit: 'Edit Membership Tier',
    create: 'New tier',
    backToList: 'Back to membership tiers',
    empty:
      'This mall has no membership tiers yet. Customers move up a tier with the points they earn; each tier multiplies the points a receipt earns.',
    created: 'Membership tier added',
    updated: 'Membership tier updated',
    removed: 'Membership tier removed',
    deleteTitle: 'Delete this membership tier?',
    deleteText_one:
      '“{{name}}” will be deleted; its {{count}} customer moves to the lower tier their points reach.',
    deleteText_other:
      '“{{name}}” will be deleted; its {{count}} customers move to the lower tier their points reach.',
    englishHint: 'Left empty, English screens show the Turkish name',
    minPointsHint:
      'Customers move into this tier when the points they earned since the last reset reach this',
    multiplierHint: 'Points earned from a receipt are multiplied by this (0.01–10, e.g. 1.25)',
    priorityHint: '1–99; every tier has its own priority, 1 is the highest',
  },
};
