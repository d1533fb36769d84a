import { type LoyaltyCustomer, newIdempotencyKey, type PublicLoyaltyGift } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Field } from '../components/Field';
import { MicroSiteError, messageOf } from '../lib/api';
import { useSession } from '../lib/session';
import { formatPoints, GET_THE_GIFT_PATH } from './data';
import { useLoyaltyT } from './texts';

export type Claimed = { gift: string; points: number; code: string | null };

/**
 * The confirmation of a claim (`POST /ext/loyalty-customer/get-the-gift`): what it costs and what is
 * left; an address for a gift that is sent. Loaded when first opened (the modal's code is not in the
 * gifts page's first load).
 */
export default function ClaimDialog({
  gift,
  balance,
  onClose,
  onClaimed,
  onRefused,
}: {
  gift: PublicLoyaltyGift;
  balance: number;
  onClose: () => void;
  onClaimed: (claimed: Claimed) => void;
  onRefused: (message: string) => void;
}) {
  const { t, language } = useLoyaltyT();
  const { api } = useSession();
  const titleId = useId();
  const [address, setAddress] = useState('');
  // One claim, one key: tapping again after a lost answer gets the same redemption, not a second.
  const [claimKey] = useState(() => newIdempotencyKey('gift'));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toAddress = gift.loyalty_gift_send_type === 'to_address';
  const claim = async () => {
    if (toAddress && !address.trim()) {
      setError(t('form.errors.required'));
      return;
    }
    setSending(true);
    try {
      const redemption = await api.post<LoyaltyCustomer>(
        GET_THE_GIFT_PATH,
        {
          loyalty_customer_gift: gift._id,
          ...(toAddress && { loyalty_customer_address: address.trim() }),
        },
        { 'idempotency-key': claimKey },
      );
      onClaimed({
        gift: redemption.loyalty_customer_gift_title,
        points: redemption.loyalty_customer_points,
        code: redemption.loyalty_customer_gift_code,
      });
    } catch (failure) {
      const fields = failure instanceof MicroSiteError ? failure.fields : undefined;
      if (fields?.loyalty_customer_address) setError(fields.loyalty_customer_address);
      else onRefused(fields?.loyalty_customer_gift ?? messageOf(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('gifts.confirmTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          {t('gifts.confirmText', {
            gift: gift.loyalty_gift_title,
            count: formatPoints(gift.loyalty_gift_point_quantity, language),
            rest: formatPoints(balance - gift.loyalty_gift_point_quantity, language),
          })}
        </Typography>
        {toAddress && (
          <Field
            label={t('gifts.address')}
            name="loyalty_customer_address"
            value={address}
            onChange={(value) => {
              setAddress(value);
              setError(null);
            }}
            error={error}
            required
            multiline
            autoComplete="street-address"
            htmlInput={{ maxLength: 300 }}
          />
        )}
        {!toAddress && error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={sending}>
          {t('gifts.cancel')}
        </Button>
        <Button variant="contained" onClick={claim} disabled={sending}>
          {sending ? t('gifts.claiming') : t('gifts.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
