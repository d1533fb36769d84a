import { isObjectId, type ReservationArea, type ReservationAreaInput } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ReservationAreaForm } from './ReservationAreaForm';
import { AREAS_PATH, reservationAreas } from './reservations.resource';
import './texts';

const formValues = (area: ReservationArea): ReservationAreaInput => ({
  reservation_area_name: area.reservation_area_name,
  reservation_area_cms_id: area.reservation_area_cms_id ?? '',
  reservation_area_type: area.reservation_area_type,
  reservation_area_store_id: area.reservation_area_store_id,
  reservation_area_is_active: area.reservation_area_is_active,
  reservation_start_date: area.reservation_start_date,
  reservation_end_date: area.reservation_end_date,
  reservation_area_hours_by_days: area.reservation_area_hours_by_days,
});

/** /reservation/{reservationAreaId}/edit: change an area, its active flag, dates and hours. */
export default function ReservationAreaEditPage() {
  const { t } = useTranslation('reservations');
  const navigate = useNavigate();
  const { reservationAreaId: id } = useParams();
  const area = reservationAreas.useOne(isObjectId(id) ? id : undefined);
  const update = reservationAreas.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : area.error?.message;
  return (
    <>
      <PageHeader
        title={t('areas.edit')}
        crumbs={[
          { label: t('group') },
          { label: t('areas.title'), to: AREAS_PATH },
          { label: area.data?.reservation_area_name ?? t('areas.edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to={AREAS_PATH}>
            {t('areas.backToList')}
          </Button>
        </Stack>
      ) : area.data ? (
        <ReservationAreaForm
          key={area.data._id}
          mode="edit"
          defaultValues={formValues(area.data)}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: area.data!._id, data });
            navigate(AREAS_PATH);
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
