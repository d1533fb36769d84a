import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { GiftForm } from './GiftForm';
import { GIFTS_PATH, gifts } from './gifts.resource';

/** /loyalty/gifts/{id}/edit: every field again; codes typed here join the pool. */
export default function GiftEditPage() {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const { id } = useParams();
  const gift = gifts.useOne(isObjectId(id) ? id : undefined);
  const update = gifts.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : gift.error?.message;
  const row = gift.data;
  return (
    <>
      <PageHeader
        title={t('gifts.edit')}
        crumbs={[
          { label: t('title') },
          { label: t('gifts.title'), to: GIFTS_PATH },
          { label: row?.loyalty_gift_title ?? t('gifts.edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to={GIFTS_PATH}>
            {t('gifts.backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <GiftForm
          key={row._id}
          pool={{ used: row.loyalty_gift_codes_used, available: row.loyalty_gift_available_codes }}
          defaultValues={{
            loyalty_gift_title: row.loyalty_gift_title,
            loyalty_gift_note: row.loyalty_gift_note ?? '',
            loyalty_gift_point_quantity: row.loyalty_gift_point_quantity,
            loyalty_gift_stock_quantity: row.loyalty_gift_stock_quantity,
            loyalty_gift_min_tier_id: row.loyalty_gift_min_tier_id ?? '',
            loyalty_gift_is_active: row.loyalty_gift_is_active,
            loyalty_gift_send_type: row.loyalty_gift_send_type,
            loyalty_gift_new_codes: [],
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate(GIFTS_PATH);
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
