import { useTranslation } from 'react-i18next';
import { useDeleteRoute, useDeleteTarget } from '../../components/resource-list-page/delete-route';
import { useConfirmedRemove } from '../../lib/data-table';
import { couponProviders, useAllCouponProviders } from './coupon-providers.resource';

/** /campaigns/coupon-providers/{couponProviderId}/delete: the list stays behind the question. */
export default function CouponProviderDeleteRoute() {
  const { t } = useTranslation('coupon-providers');
  const target = useDeleteTarget('couponProviderId');
  // On a deep link the name comes from the list (the API has no single read of a provider).
  const all = useAllCouponProviders();
  const found = all.data?.find((row) => row._id === target.id)?.coupon_provider_name;
  const loaded = found ?? (all.data || all.isError ? null : undefined);
  useDeleteRoute({
    id: target.id,
    name: target.name ?? loaded,
    listPath: '/campaigns/coupon-providers',
    remove: useConfirmedRemove(couponProviders, { title: t('deleteTitle') }),
  });
  return null;
}
