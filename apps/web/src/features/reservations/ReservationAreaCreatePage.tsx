import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { emptyReservationArea, ReservationAreaForm } from './ReservationAreaForm';
import { AREAS_PATH, reservationAreas } from './reservations.resource';
import './texts';

/** /reservation/reservation-area/new. */
export default function ReservationAreaCreatePage() {
  const { t } = useTranslation('reservations');
  const navigate = useNavigate();
  const create = reservationAreas.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('areas.new')}
        crumbs={[
          { label: t('group') },
          { label: t('areas.title'), to: AREAS_PATH },
          { label: t('areas.new') },
        ]}
      />
      <ReservationAreaForm
        mode="create"
        defaultValues={emptyReservationArea}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate(AREAS_PATH);
        }}
      />
    </>
  );
}
