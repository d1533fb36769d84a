import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { KvkkDialog } from '../components/LazyDialogs';
import { messageOf } from '../lib/api';
import { displayPhone } from '../lib/contract';
import { useT } from '../lib/i18n';
import { useKvkk } from '../lib/kvkk';
import { useNotify } from '../lib/notify';
import { Link, navigate } from '../lib/router';
import { useSession } from '../lib/session';

/** 'DD MMMM YYYY' in the chosen language, as spec §9 writes dates (a date-only value, no time zone shift). */
const formatDate = (value: string | null | undefined, language: string) => {
  if (!value) return null;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return null;
  return new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-GB', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, day));
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '40% 1fr', gap: 1.5, py: 1.25 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The mall's KVKK notice, fetched when the customer opens it to give consent again. */
function ReadKvkk({ onClose, onAccept }: { onClose: () => void; onAccept: (version?: string) => void }) {
  const kvkk = useKvkk();
  return (
    <KvkkDialog
      open
      kvkk={kvkk}
      onClose={onClose}
      onAccept={() => onAccept(kvkk.agreement?.agreement_version)}
    />
  );
}

/**
 * Withdrawing the KVKK consent (after a confirmation saying what it does), or giving it again after
 * reading the notice. Withdrawal also ends the commercial-message permissions; the account stays.
 */
function KvkkConsent() {
  const { t } = useT();
  const notify = useNotify();
  const { customer, setKvkkConsent } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!customer) return null;
  const save = async (accepts: boolean, version?: string) => {
    setBusy(true);
    try {
      await setKvkkConsent(accepts, version);
      setConfirming(false);
      setReading(false);
      notify(t(accepts ? 'profile.kvkkGiven' : 'profile.kvkkWithdrawn'), 'success');
    } catch (error) {
      notify(messageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  if (!customer.customer_kvkk_permission)
    return (
      <>
        <Typography variant="body2" color="text.secondary">
          {t('profile.kvkkOffNote')}
        </Typography>
        <Button variant="outlined" size="large" disabled={busy} onClick={() => setReading(true)}>
          {t('profile.kvkkGive')}
        </Button>
        {reading && (
          <ReadKvkk onClose={() => setReading(false)} onAccept={(version) => save(true, version)} />
        )}
      </>
    );
  return (
    <>
      <Button color="warning" onClick={() => setConfirming(true)}>
        {t('profile.kvkkWithdraw')}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => !busy && setConfirming(false)}
        aria-labelledby="kvkk-withdraw-title"
      >
        <DialogTitle id="kvkk-withdraw-title">{t('profile.kvkkWithdrawTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('profile.kvkkWithdrawText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} color="inherit" disabled={busy}>
            {t('profile.cancel')}
          </Button>
          <Button onClick={() => save(false)} color="warning" variant="contained" disabled={busy}>
            {t('profile.kvkkWithdrawConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The customer's own profile and consents, with update, logout and account deletion (spec §2, §3). */
export default function ProfilePage() {
  const { t, language } = useT();
  const notify = useNotify();
  const { base, customer, logout, deleteAccount } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!customer) return null;
  const none = t('profile.none');
  const onOff = (value: boolean) => (value ? t('profile.yes') : t('profile.no'));
  const address = [
    customer.customer_address,
    customer.customer_locality,
    customer.customer_district,
    customer.customer_province,
  ]
    .filter(Boolean)
    .join(', ');

  const remove = async () => {
    setBusy(true);
    try {
      await deleteAccount();
      setConfirming(false);
      notify(t('profile.deleted'), 'success');
      navigate(`${base}/login`, { replace: true });
    } catch (error) {
      notify(messageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography variant="h4" component="h1">
        {t('profile.title')}
      </Typography>
      <Paper variant="outlined" sx={{ px: 2, borderRadius: 3 }}>
        {/* A <dl> holds only its rows (<div> of <dt> and <dd>): the rules between them are borders. */}
        <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
          <Row label={t('profile.name')}>
            {[customer.customer_name, customer.customer_surname].filter(Boolean).join(' ') || none}
          </Row>
          <Row label={t('profile.phone')}>{displayPhone(customer.customer_phone)}</Row>
          <Row label={t('fields.birthdate')}>{formatDate(customer.customer_birthdate, language) ?? none}</Row>
          <Row label={t('fields.gender')}>{t(`fields.genders.${customer.customer_gender}`)}</Row>
          <Row label={t('fields.email').replace(/ \(.*\)$/, '')}>{customer.customer_email || none}</Row>
          <Row label={t('fields.address').replace(/ \(.*\)$/, '')}>{address || none}</Row>
          <Row label={t('fields.plate').replace(/ \(.*\)$/, '')}>
            {customer.customer_vehicle_plate || none}
          </Row>
          <Row label={t('fields.consents')}>
            {t('fields.call')}: {onOff(customer.customer_call_permission)} · {t('fields.sms')}:{' '}
            {onOff(customer.customer_sms_permission)} · {t('fields.emailPermission')}:{' '}
            {onOff(customer.customer_email_permission)}
          </Row>
          <Row label={t('profile.kvkk')}>{onOff(customer.customer_kvkk_permission)}</Row>
          <Row label={t('profile.memberSince')}>{formatDate(customer.createdAt, language) ?? none}</Row>
        </Box>
      </Paper>
      <Button component={Link} href={`${base}/profile/profile-update`} variant="contained" size="large">
        {t('profile.update')}
      </Button>
      <Button
        variant="outlined"
        size="large"
        onClick={async () => {
          await logout();
          notify(t('profile.loggedOut'), 'info');
          navigate(`${base}/login`, { replace: true });
        }}
      >
        {t('profile.logout')}
      </Button>
      <KvkkConsent />
      <Button component={Link} href={`${base}/agreements`}>
        {t('agreements')}
      </Button>
      <Button color="error" onClick={() => setConfirming(true)}>
        {t('profile.delete')}
      </Button>
      <Dialog open={confirming} onClose={() => !busy && setConfirming(false)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{t('profile.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('profile.deleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} color="inherit" disabled={busy}>
            {t('profile.cancel')}
          </Button>
          <Button onClick={remove} color="error" variant="contained" disabled={busy}>
            {t('profile.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
