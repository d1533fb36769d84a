import { useTranslation } from 'react-i18next';
import { useDeleteRoute, useDeleteTarget } from '../../components/resource-list-page/delete-route';
import { useConfirmedRemove } from '../../lib/data-table';
import { AREAS_PATH, reservationAreas } from './reservations.resource';
import './texts';

/** /reservation/reservation-area/{reservationAreaId}/delete: the list stays behind the question. */
export default function ReservationAreaDeleteRoute() {
  const { t } = useTranslation('reservations');
  const target = useDeleteTarget('reservationAreaId');
  const one = reservationAreas.useOne(target.name ? undefined : target.id, { retry: false });
  const loaded = one.data?.reservation_area_name ?? (one.isError ? null : undefined);
  useDeleteRoute({
    id: target.id,
    name: target.name ?? loaded,
    listPath: AREAS_PATH,
    remove: useConfirmedRemove(reservationAreas, { title: t('areas.deleteTitle') }),
  });
  return null;
}
