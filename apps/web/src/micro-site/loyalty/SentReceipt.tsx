import type { CustomerReceipt, MicroSiteLocation } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useMicroSiteGet } from '../campaigns/data';
import { RECEIPTS_PATH } from './data';
import { ReceiptList } from './ReceiptList';
import { useLoyaltyT } from './texts';

/**
 * After an upload or a correction: the success, focused so a screen reader says it, and the
 * customer's receipts asked afresh (the one just sent among them, pending).
 */
export default function SentReceipt({
  title,
  location,
  actions,
}: {
  title: string;
  location: MicroSiteLocation | null;
  actions?: ReactNode;
}) {
  const { t } = useLoyaltyT();
  const heading = useRef<HTMLHeadingElement>(null);
  const receipts = useMicroSiteGet<CustomerReceipt[]>(RECEIPTS_PATH);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Alert severity="success" icon={false} sx={{ borderRadius: 3, display: 'grid', gap: 0.5 }}>
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h1" sx={{ outline: 'none' }}>
          {title}
        </Typography>
        <Typography>{t('form.doneText')}</Typography>
      </Alert>
      {actions}
      <Typography variant="h6" component="h2">
        {t('receipts.title')}
      </Typography>
      <ReceiptList receipts={receipts} location={location} />
    </Box>
  );
}
