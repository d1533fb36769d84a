import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { TierForm } from './TierForm';
import { tiers } from './tiers.resource';

/** /loyalty/tiers/{id}/edit: a changed minimum moves the mall's customers in or out at once. */
export default function TierEditPage() {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const { id } = useParams();
  const tier = tiers.useOne(isObjectId(id) ? id : undefined);
  const update = tiers.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : tier.error?.message;
  const row = tier.data;
  return (
    <>
      <PageHeader
        title={t('tiers.edit')}
        crumbs={[
          { label: t('title') },
          { label: t('tiers.title'), to: '/loyalty/tiers' },
          { label: row?.loyalty_tier_title ?? t('tiers.edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/loyalty/tiers">
            {t('tiers.backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <TierForm
          key={row._id}
          defaultValues={{
            loyalty_tier_title: row.loyalty_tier_title,
            loyalty_tier_title_en: row.loyalty_tier_title_en ?? '',
            loyalty_tier_min_points: row.loyalty_tier_min_points,
            loyalty_tier_point_multiplier: row.loyalty_tier_point_multiplier,
            loyalty_tier_priority: row.loyalty_tier_priority,
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate('/loyalty/tiers');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
