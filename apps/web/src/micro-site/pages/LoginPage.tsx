import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { preloadSmsDialog, SmsDialog } from '../components/LazyDialogs';
import { PhoneField } from '../components/PhoneField';
import { MicroSiteError, messageOf } from '../lib/api';
import { looksLikePhone } from '../lib/contract';
import { useT } from '../lib/i18n';
import { useNotify } from '../lib/notify';
import { Link, navigate } from '../lib/router';
import { useSession } from '../lib/session';
import { carryToRegistration, forgetChallenge } from '../lib/sms-memory';
import { useSms } from '../lib/use-sms';

/**
 * Spec §4 login flow: the phone is checked (a code is sent), and the code signs a customer in. The
 * check answers alike for every phone (issue 10), so a phone that is not a customer is told so by
 * the login once its code is right, and goes on to sign-up with the phone, code and countdown.
 */
export default function LoginPage() {
  const { t } = useT();
  const notify = useNotify();
  const { base, signIn, locationToken } = useSession();
  const sms = useSms();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return setError(t('phone.required'));
    if (!looksLikePhone(phone)) return setError(t('phone.invalid'));
    setError(null);
    setBusy(true);
    preloadSmsDialog();
    try {
      await sms.check(phone);
      setDialog(true);
    } catch (failure) {
      const message = messageOf(failure);
      setError(message);
      notify(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'grid', gap: 2.5, pt: { xs: 2, sm: 6 } }}
    >
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('login.title')}
        </Typography>
        <Typography color="text.secondary">{t('login.text')}</Typography>
      </Box>
      <PhoneField
        value={phone}
        onChange={(value) => {
          setPhone(value);
          setError(null);
        }}
        error={error}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
        {busy ? <CircularProgress size={22} color="inherit" aria-label={t('loading')} /> : t('login.submit')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Box component={Link} href={`${base}/register`} sx={{ color: 'primary.main', fontWeight: 700 }}>
          {t('login.register')}
        </Box>
      </Typography>
      <SmsDialog
        open={dialog}
        phone={phone}
        resendAt={sms.resendAt}
        onResend={() => sms.resend(phone, true)}
        onSubmit={async (code) => {
          try {
            const session = await sms.login(phone, code);
            forgetChallenge(locationToken);
            await signIn(session);
            setDialog(false);
            if (session.reactivated) notify(t('login.reactivated'), 'success');
          } catch (failure) {
            if (!(failure instanceof MicroSiteError && failure.code === 'CUSTOMER_NOT_REGISTERED'))
              throw failure;
            carryToRegistration(locationToken, phone, code);
            setDialog(false);
            notify(t('login.notRegistered'), 'warning');
            navigate(`${base}/register`);
          }
        }}
        onClose={() => setDialog(false)}
      />
    </Box>
  );
}
