import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { messageOf } from '../lib/api';
import { displayPhone, smsCodeRules } from '../lib/contract';
import { useT } from '../lib/i18n';
import { useNotify } from '../lib/notify';
import { formatCountdown, secondsUntil } from '../lib/sms-memory';

export type SmsDialogProps = {
  open: boolean;
  /** The phone as the customer wrote it; the text shows it as the back-office does. */
  phone: string;
  /** When a new code may be asked for (the API's resend_at). */
  resendAt: string | null;
  /** Sends a new code; resolves with the new resend_at. */
  onResend: () => Promise<string>;
  /** Uses the code (sign in or sign up); a rejection is shown in the dialog and a snackbar. */
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
};

const LENGTH = smsCodeRules.length;
const empty = () => Array.from({ length: LENGTH }, () => '');

/** Seconds left until `resendAt`, ticking every second. */
const useCountdown = (resendAt: string | null) => {
  const [seconds, setSeconds] = useState(() => secondsUntil(resendAt));
  useEffect(() => {
    setSeconds(secondsUntil(resendAt));
    const timer = setInterval(() => setSeconds(secondsUntil(resendAt)), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  return seconds;
};

/**
 * The SMS verification dialog (spec §4, §5): four one-digit boxes, typing moves to the next, pasting
 * spreads the digits, and the fourth digit sends the code (the Verify button stays for a second
 * try). An incomplete code gets one message under the boxes; resend waits for the countdown.
 */
export function SmsDialog({ open, phone, resendAt, onResend, onSubmit, onClose }: SmsDialogProps) {
  const { t } = useT();
  const notify = useNotify();
  const [digits, setDigits] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'submit' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const seconds = useCountdown(open ? resendAt : null);

  useEffect(() => {
    if (!open) return;
    setDigits(empty());
    setSubmitted(false);
    setError(null);
  }, [open]);

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(LENGTH - 1, index))]?.focus();

  const send = async (code: string) => {
    setBusy('submit');
    setError(null);
    try {
      await onSubmit(code);
    } catch (failure) {
      const message = messageOf(failure);
      setError(message);
      notify(message, 'error');
      setDigits(empty());
      setSubmitted(false);
      focus(0);
    } finally {
      setBusy(null);
    }
  };

  /** The boxes' new digits: a complete code goes at once, else the caret moves to `next`. */
  const enter = (changed: string[], next: number) => {
    setDigits(changed);
    setError(null);
    if (changed.every(Boolean)) void send(changed.join(''));
    else focus(next);
  };

  const spread = (from: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, LENGTH - from)
      .split('');
    if (incoming.length === 0 || busy) return;
    enter(
      digits.map((digit, index) => incoming[index - from] ?? digit),
      from + incoming.length,
    );
  };

  const type = (index: number, value: string) => {
    if (busy) return;
    let typed = value.replace(/\D/g, '');
    const old = digits[index];
    // A digit typed into a full box (caret after or before the old one) replaces it.
    if (typed.length === 2 && old) typed = typed.startsWith(old) ? typed[1]! : typed[0]!;
    if (typed.length > 1) return spread(index, typed);
    if (!typed) {
      setDigits(digits.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    enter(
      digits.map((digit, i) => (i === index ? typed : digit)),
      index + 1,
    );
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigits((current) => current.map((digit, i) => (i === index - 1 ? '' : digit)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    spread(index, event.clipboardData.getData('text'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (digits.some((digit) => !digit)) {
      focus(digits.findIndex((digit) => !digit));
      return;
    }
    void send(digits.join(''));
  };

  const resend = async () => {
    setBusy('resend');
    setError(null);
    try {
      await onResend();
      setDigits(empty());
      setSubmitted(false);
      notify(t('sms.resent'), 'success');
      focus(0);
    } catch (failure) {
      const message = messageOf(failure);
      setError(message);
      notify(message, 'error');
    } finally {
      setBusy(null);
    }
  };

  const incomplete = submitted && digits.some((digit) => !digit);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="sms-dialog-title"
      slotProps={{
        // The focus trap starts at the first box, not the paper (MUI's marker moves to it below).
        paper: {
          component: 'form',
          onSubmit: submit,
          noValidate: true,
          'data-mui-focusable': undefined,
        } as object,
      }}
    >
      <DialogTitle id="sms-dialog-title">{t('sms.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {t('sms.text', { phone: displayPhone(phone) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          {digits.map((digit, index) => {
            const missing = incomplete && !digit;
            return (
              // The boxes are positions, not items: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of the code
              <Box key={index} sx={{ width: 56, textAlign: 'center' }}>
                <OutlinedInput
                  inputRef={(element: HTMLInputElement | null) => {
                    boxes.current[index] = element;
                  }}
                  value={digit}
                  error={missing}
                  readOnly={busy === 'submit'}
                  autoFocus={index === 0}
                  onChange={(event) => type(index, event.target.value)}
                  onKeyDown={(event) => keyDown(index, event as KeyboardEvent<HTMLInputElement>)}
                  onPaste={(event) => paste(index, event as ClipboardEvent<HTMLInputElement>)}
                  onFocus={(event) => (event.target as HTMLInputElement).select()}
                  inputProps={{
                    inputMode: 'numeric',
                    autoComplete: index === 0 ? 'one-time-code' : 'off',
                    // Where the dialog's focus trap starts, also when it mounts twice (StrictMode).
                    ...(index === 0 && { 'data-mui-focusable': '' }),
                    maxLength: LENGTH,
                    'aria-label': t('sms.digit', { index: index + 1 }),
                    'aria-invalid': missing || undefined,
                    'aria-describedby': missing ? 'sms-code-error' : undefined,
                    style: { textAlign: 'center', fontSize: 24, fontWeight: 700, padding: '12px 0' },
                  }}
                />
              </Box>
            );
          })}
        </Box>
        {incomplete && (
          <Typography id="sms-code-error" variant="body2" color="error" sx={{ mt: 1, textAlign: 'center' }}>
            {digits.some(Boolean) ? t('sms.incomplete', { length: LENGTH }) : t('sms.required')}
          </Typography>
        )}
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            {error}
          </Typography>
        )}
        <Box sx={{ mt: 2.5, textAlign: 'center' }}>
          <Button
            onClick={resend}
            disabled={seconds > 0 || busy !== null}
            startIcon={busy === 'resend' ? <CircularProgress size={16} /> : undefined}
          >
            {t('sms.resend')}
          </Button>
          {seconds > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} aria-live="polite">
              {t('sms.resendIn', { time: formatCountdown(seconds) })}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy !== null} color="inherit">
          {t('sms.close')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy !== null}>
          {busy === 'submit' ? <CircularProgress size={20} color="inherit" /> : t('sms.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
