import type { CustomerReceipt, MicroSiteLocation } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useMicroSiteGet } from '../campaigns/data';
import { EmptyState, LoadFailed } from '../campaigns/PageStates';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link, useLocationPath } from '../lib/router';
import { useSession } from '../lib/session';
import { isResendable, RECEIPTS_PATH } from '../loyalty/data';
import { ReceiptForm } from '../loyalty/ReceiptForm';
import { useLoyaltyT } from '../loyalty/texts';

/** The success and the receipts, loaded once something was sent (not in the form's first load). */
const SentReceipt = lazy(() => import('../loyalty/SentReceipt'));
/**
 * Spec §2 micro-site `receipt-edit` (`?id=` the receipt): a rejected or uncertain receipt corrected
 * and sent again (`PUT /ext/app/customers/shopping-receipts/{id}`), a new photo optional. It is found
 * among the customer's own receipts: anyone else's is not there.
 */
export default function ReceiptEditPage({ location }: { location: MicroSiteLocation | null }) {
  const { t } = useLoyaltyT();
  const { base } = useSession();
  const path = useLocationPath();
  const id = new URLSearchParams(path.split('?')[1] ?? '').get('id');
  const receipts = useMicroSiteGet<CustomerReceipt[]>(RECEIPTS_PATH);
  const [done, setDone] = useState(false);
  const receipt = receipts.data?.find((each) => each._id === id);

  const back = (
    <Box
      component={Link}
      href={`${base}/receipts`}
      sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', justifySelf: 'start', py: 0.5 }}
    >
      ← {t('receipts.title')}
    </Box>
  );

  if (done)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SentReceipt title={t('form.resent')} location={location} />
      </Suspense>
    );
  if (receipts.loading) return <LoadingScreen />;
  if (receipts.error)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <LoadFailed title={t('receipts.loadError')} message={receipts.error} onRetry={receipts.reload} />
      </Box>
    );
  if (!receipt || !isResendable(receipt.receipt_status))
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <Typography variant="h4" component="h1">
          {t('form.editTitle')}
        </Typography>
        <EmptyState
          title={receipt ? t('form.notEditable') : t('form.notFound')}
          text={t('form.notEditableText')}
        />
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {back}
      <Typography variant="h4" component="h1">
        {t('form.editTitle')}
      </Typography>
      {receipt.receipt_status === 'rejected' ? (
        <Alert severity="error" role="note">
          {t('form.rejectedBefore', { reason: t(`reason.${receipt.receipt_rejection_reason ?? 'other'}`) })}
          {receipt.receipt_rejection_message && (
            <>
              <br />
              {receipt.receipt_rejection_message}
            </>
          )}
        </Alert>
      ) : (
        <Alert severity="warning" role="note">
          {t('receipts.uncertain')}
        </Alert>
      )}
      <ReceiptForm campaignId={receipt.campaign_id} receipt={receipt} onSent={() => setDone(true)} />
    </Box>
  );
}
