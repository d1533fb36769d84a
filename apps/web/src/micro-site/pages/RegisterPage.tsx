import type { MicroSiteSession } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type FormEvent, type MouseEvent, useEffect, useState } from 'react';
import { CustomerFields, payloadOf, useCustomerForm, valuesOf } from '../components/CustomerForm';
import { KvkkDialog, preloadSmsDialog, SmsDialog } from '../components/LazyDialogs';
import { PhoneField } from '../components/PhoneField';
import { MicroSiteError, messageOf } from '../lib/api';
import { withChallenge } from '../lib/challenge';
import { compactPhone, displayPhone, looksLikePhone } from '../lib/contract';
import { useT } from '../lib/i18n';
import { useKvkk } from '../lib/kvkk';
import { useNotify } from '../lib/notify';
import { Link as RouterLink } from '../lib/router';
import { useSession } from '../lib/session';
import {
  carriedCode,
  dropCarriedCode,
  forgetChallenge,
  formatCountdown,
  recallChallenge,
  secondsUntil,
} from '../lib/sms-memory';
import { useSms } from '../lib/use-sms';

/** The phone carried over from the login page (spec §4: login said it is not a customer), while its countdown runs. */
const carriedPhone = (locationToken: string) => {
  try {
    const memory = JSON.parse(sessionStorage.getItem(`microSiteSms-${locationToken}`) ?? 'null') as {
      phone: string;
      registered: boolean | null;
    } | null;
    return memory && memory.registered === false && recallChallenge(locationToken, memory.phone)
      ? memory.phone
      : null;
  } catch {
    return null;
  }
};

/** Ticks every second while `resendAt` is ahead. */
const useSecondsLeft = (resendAt: string | null) => {
  const [seconds, setSeconds] = useState(() => secondsUntil(resendAt));
  useEffect(() => {
    setSeconds(secondsUntil(resendAt));
    if (!resendAt) return;
    const timer = setInterval(() => setSeconds(secondsUntil(resendAt)), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  return seconds;
};

/**
 * Spec §3, §4, §5 registration: every field of the payload; the phone checked on the login page is
 * locked; KVKK must be accepted; the sign-up button is enabled only for a valid, changed form with
 * KVKK accepted, shows the code's countdown and, while it runs, asks for the code already sent.
 */
export default function RegisterPage() {
  const { t } = useT();
  const notify = useNotify();
  const { base, locationToken, api, signIn } = useSession();
  const sms = useSms();
  const [locked] = useState(() => carriedPhone(locationToken));
  const [phone, setPhone] = useState(locked ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const form = useCustomerForm(valuesOf(null));
  const kvkk = useKvkk();
  const [accepted, setAccepted] = useState(false);
  const [kvkkOpen, setKvkkOpen] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const { setResendAt } = sms;

  useEffect(() => {
    if (locked) setResendAt(recallChallenge(locationToken, locked)?.resendAt ?? null);
  }, [locked, locationToken, setResendAt]);

  const running = recallChallenge(locationToken, phone) ? sms.resendAt : null;
  const seconds = useSecondsLeft(running);
  const phoneValid = looksLikePhone(phone);
  const ready = form.valid && form.changed && accepted && phoneValid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.revalidate();
    if (!phoneValid) setPhoneError(t(phone.trim() ? 'phone.invalid' : 'phone.required'));
    if (!ready) return;
    setBusy(true);
    preloadSmsDialog();
    try {
      // The code typed on the login page signs up at once (spec §4); a refused one is asked for again.
      const code = carriedCode(locationToken, phone);
      if (code) {
        try {
          return await register(code);
        } catch (failure) {
          dropCarriedCode(locationToken);
          notify(messageOf(failure), 'error');
        }
      }
      // While the countdown runs the code already sent is used; after it a new one is sent.
      await sms.send(phone, false);
      setDialog(true);
    } catch (failure) {
      const message = messageOf(failure);
      setPhoneError(message);
      notify(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const register = async (code: string) => {
    let session: MicroSiteSession;
    try {
      session = await withChallenge((altcha) =>
        api.post<MicroSiteSession>('/ext/customers/register', {
          customer_phone: compactPhone(phone),
          sms_code: code,
          ...payloadOf(form.values),
          customer_accepts_kvkk: true,
          ...(kvkk.agreement && { agreement_version: kvkk.agreement.agreement_version }),
          altcha,
        }),
      );
    } catch (failure) {
      // A wrong or spent code stays in the dialog; anything else is the form's (spec §8).
      const aboutTheCode =
        failure instanceof MicroSiteError &&
        (failure.code.startsWith('SMS_') ||
          failure.code === 'PHONE_LOCKED' ||
          (failure.fields !== undefined && Object.keys(failure.fields).join() === 'sms_code'));
      if (failure instanceof MicroSiteError && !aboutTheCode) {
        setDialog(false);
        notify(failure.message, 'error');
        form.setServerErrors(failure.fields);
        if (failure.fields?.customer_phone) setPhoneError(failure.fields.customer_phone);
        form.revalidate();
        return;
      }
      throw failure;
    }
    forgetChallenge(locationToken);
    await signIn(session);
    setDialog(false);
    notify(t(session.reactivated ? 'login.reactivated' : 'register.welcome'), 'success');
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2.5 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('register.title')}
        </Typography>
        <Typography color="text.secondary">{t('register.text')}</Typography>
      </Box>
      <PhoneField
        // The phone carried from the login is shown as people read it; what is kept stays as typed.
        value={locked ? displayPhone(phone) : phone}
        onChange={(value) => {
          setPhone(value);
          setPhoneError(null);
        }}
        error={phoneError}
        disabled={Boolean(locked)}
        helperText={locked ? t('register.phoneLocked') : undefined}
      />
      <CustomerFields form={form} />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              name="customer_accepts_kvkk"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'kvkk-helper' } as object }}
            />
          }
          label={
            <>
              {t('register.kvkkBefore')}
              <Box
                component="button"
                type="button"
                onClick={(event: MouseEvent) => {
                  // Inside the checkbox's label: reading the text must not tick the box.
                  event.preventDefault();
                  setKvkkOpen(true);
                }}
                sx={{
                  p: 0,
                  border: 0,
                  background: 'none',
                  font: 'inherit',
                  color: 'primary.main',
                  fontWeight: 700,
                  textDecoration: 'underline',
                  cursor: 'pointer',
                }}
              >
                {t('register.kvkkLink')}
              </Box>
              {t('register.kvkkAfter')}
            </>
          }
        />
        {!accepted && (
          <FormHelperText id="kvkk-helper" sx={{ mx: 0 }}>
            {t('register.kvkkRequired')}
          </FormHelperText>
        )}
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!ready || busy}>
        {busy ? (
          <CircularProgress size={22} color="inherit" aria-label={t('loading')} />
        ) : seconds > 0 ? (
          t('register.submitIn', { time: formatCountdown(seconds) })
        ) : (
          t('register.submit')
        )}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Box component={RouterLink} href={`${base}/login`} sx={{ color: 'primary.main', fontWeight: 700 }}>
          {t('register.login')}
        </Box>
      </Typography>
      <KvkkDialog
        open={kvkkOpen}
        kvkk={kvkk}
        onClose={() => setKvkkOpen(false)}
        onAccept={() => {
          setAccepted(true);
          setKvkkOpen(false);
        }}
      />
      <SmsDialog
        open={dialog}
        phone={phone}
        resendAt={sms.resendAt}
        onResend={() => sms.resend(phone, false)}
        onSubmit={register}
        onClose={() => setDialog(false)}
      />
    </Box>
  );
}
