import { useTranslation } from 'react-i18next';
import { useDeleteRoute, useDeleteTarget } from '../../components/resource-list-page/delete-route';
import { useConfirmedRemove } from '../../lib/data-table';
import { LIST_PATH, pointProviders } from './point-providers.resource';
import './texts';

/** /loyalty/point-providers/{pointProviderId}/delete: the list stays behind the question. */
export default function PointProviderDeleteRoute() {
  const { t } = useTranslation('point-providers');
  const target = useDeleteTarget('pointProviderId');
  // On a deep link the name is read from the provider itself.
  const one = pointProviders.useOne(target.name ? undefined : target.id, { retry: false });
  const loaded = one.data?.point_provider_name ?? (one.isError ? null : undefined);
  useDeleteRoute({
    id: target.id,
    name: target.name ?? loaded,
    listPath: LIST_PATH,
    remove: useConfirmedRemove(pointProviders, { title: t('deleteTitle') }),
  });
  return null;
}
