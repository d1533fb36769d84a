import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ResetPointForm } from './ResetPointForm';
import { resetPoints } from './reset-points.resource';

/** /loyalty/reset-points/{id}/edit: only a reset not queued yet is changed (§4). */
export default function ResetPointEditPage() {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const { id } = useParams();
  const one = resetPoints.useOne(isObjectId(id) ? id : undefined);
  const update = resetPoints.useUpdate({ error: false });
  const row = one.data;
  const problem = !isObjectId(id)
    ? t('errors:NOT_FOUND')
    : (one.error?.message ??
      (row && row.reset_point_status !== 'created' ? t('errors:RESET_POINT_QUEUED') : undefined));
  return (
    <>
      <PageHeader
        title={t('resetPoints.edit')}
        crumbs={[
          { label: t('title') },
          { label: t('resetPoints.title'), to: '/loyalty/reset-points' },
          { label: row?.reset_point_name ?? t('resetPoints.edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/loyalty/reset-points">
            {t('resetPoints.backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <ResetPointForm
          key={row._id}
          mode="edit"
          defaultValues={{
            reset_point_name: row.reset_point_name,
            reset_point_type: row.reset_point_type,
            reset_point_related_ids: row.reset_point_related_ids,
            reset_point_segment: row.reset_point_segment,
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate('/loyalty/reset-points');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
