export default {
  group: 'Campaigns',
  title: 'Coupon Providers',
  create: 'New Coupon Provider',
  new: 'New Coupon Provider',
  deleteTitle: 'Delete the coupon provider?',
  added: 'Coupon Provider Added',
  removed: 'Coupon Provider Removed',
  empty:
    'Coupon providers are the stores and partners that accept campaign codes. Add at least one before opening a code or third-party campaign.',
  fields: {
    coupon_provider_name: 'Provider name',
    coupon_provider_type: 'Type',
    coupon_provider_store_id: 'Store',
    coupon_provider_store_name: 'Store',
  },
};
