import { displayCouponCode } from '@avlu/contracts/campaigns/coupon-code';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNotify } from '../lib/notify';
import { Barcode, QrCode } from './CodeImages';
import { useCampaignT } from './texts';

/**
 * A code as the customer shows it at the store: the text (large, spaced, selectable, with a copy
 * button; a generated code in two groups, as the clerk's screen shows it), its QR code and its Code 128 barcode, on white whatever the page's colours, so a till's
 * scanner reads it. `dimmed` for a code that can no longer be used.
 */
export function CouponCode({ code, dimmed = false }: { code: string; dimmed?: boolean }) {
  const { t } = useCampaignT();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify(t('coupons.copied'), 'success');
    } catch {
      // No clipboard (an old browser, no permission): the code stays selectable.
    }
  };
  return (
    <Box
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 1.5,
        p: 2,
        borderRadius: 3,
        bgcolor: '#fff',
        border: 1,
        borderColor: 'divider',
        // A code that can no longer be used keeps its text readable; its images fade, so no till scans them.
        '& [role="img"]': dimmed ? { opacity: 0.3 } : undefined,
      }}
    >
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ textTransform: 'uppercase', letterSpacing: '0.08em' }}
      >
        {t('coupons.code')}
      </Typography>
      <Typography
        component="p"
        data-testid="coupon-code"
        sx={{
          m: 0,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontWeight: 700,
          fontSize: code.length > 16 ? '1.05rem' : '1.6rem',
          letterSpacing: code.length > 16 ? '0.04em' : '0.14em',
          textAlign: 'center',
          overflowWrap: 'anywhere',
          userSelect: 'all',
          color: dimmed ? 'text.secondary' : 'common.black',
          textDecoration: dimmed ? 'line-through' : undefined,
        }}
      >
        {displayCouponCode(code)}
      </Typography>
      <QrCode value={code} label={t('coupons.qr', { code })} />
      <Box sx={{ width: '100%' }}>
        <Barcode value={code} label={t('coupons.barcode', { code })} />
      </Box>
      {!dimmed && (
        <Button size="small" onClick={copy}>
          {t('coupons.copy')}
        </Button>
      )}
    </Box>
  );
}
