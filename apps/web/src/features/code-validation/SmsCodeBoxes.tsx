import { smsCodeRules } from '@avlu/contracts';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ClipboardEvent, type KeyboardEvent, type RefObject, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './texts';

export const SMS_CODE_LENGTH = smsCodeRules.length;
export const emptyCode = () => Array.from({ length: SMS_CODE_LENGTH }, () => '');

export type SmsCodeBoxesHandle = { focus: (index?: number) => void };

type SmsCodeBoxesProps = {
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Called once the last box is filled (typed or pasted): the code goes without a click. */
  onComplete: (code: string) => void;
  readOnly?: boolean;
  invalid?: boolean;
  /** The id of the message under the boxes (required, incomplete, the server's refusal). */
  describedBy?: string;
  ref?: RefObject<SmsCodeBoxesHandle | null>;
};

/**
 * The holder's SMS code as four one-digit boxes, as the micro-site's code dialog has them: typing
 * moves to the next box, Backspace in an empty box to the one before, a pasted code is spread over
 * the boxes, and the fourth digit sends it.
 */
export function SmsCodeBoxes({
  digits,
  onChange,
  onComplete,
  readOnly,
  invalid,
  describedBy,
  ref,
}: SmsCodeBoxesProps) {
  const { t } = useTranslation('code-validation');
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index = 0) => boxes.current[Math.max(0, Math.min(SMS_CODE_LENGTH - 1, index))]?.focus();
  useImperativeHandle(ref, () => ({ focus }));

  const enter = (changed: string[], next: number) => {
    onChange(changed);
    if (changed.every(Boolean)) onComplete(changed.join(''));
    else focus(next);
  };

  const spread = (from: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, SMS_CODE_LENGTH - from)
      .split('');
    if (incoming.length === 0 || readOnly) return;
    enter(
      digits.map((digit, index) => incoming[index - from] ?? digit),
      from + incoming.length,
    );
  };

  const type = (index: number, value: string) => {
    if (readOnly) return;
    let typed = value.replace(/\D/g, '');
    const old = digits[index];
    // A digit typed into a full box (the caret before or after the old one) replaces it.
    if (typed.length === 2 && old) typed = typed.startsWith(old) ? typed[1]! : typed[0]!;
    if (typed.length > 1) return spread(index, typed);
    if (!typed) return onChange(digits.map((digit, i) => (i === index ? '' : digit)));
    enter(
      digits.map((digit, i) => (i === index ? typed : digit)),
      index + 1,
    );
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      onChange(digits.map((digit, i) => (i === index - 1 ? '' : digit)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    spread(index, event.clipboardData.getData('text'));
  };

  return (
    <Box role="group" aria-label={t('otp.label')} sx={{ display: 'flex', gap: 1.5 }}>
      {digits.map((digit, index) => {
        const missing = invalid && !digit;
        return (
          // The boxes are positions, not items: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of the code
          <Box key={index} sx={{ width: 56 }}>
            <OutlinedInput
              inputRef={(element: HTMLInputElement | null) => {
                boxes.current[index] = element;
              }}
              value={digit}
              error={missing}
              readOnly={readOnly}
              autoFocus={index === 0}
              onChange={(event) => type(index, event.target.value)}
              onKeyDown={(event) => keyDown(index, event as KeyboardEvent<HTMLInputElement>)}
              onPaste={(event) => paste(index, event as ClipboardEvent<HTMLInputElement>)}
              onFocus={(event) => (event.target as HTMLInputElement).select()}
              inputProps={{
                inputMode: 'numeric',
                autoComplete: index === 0 ? 'one-time-code' : 'off',
                maxLength: SMS_CODE_LENGTH,
                'aria-label': t('otp.digit', { index: index + 1 }),
                'aria-invalid': missing || undefined,
                'aria-describedby': describedBy,
                style: { textAlign: 'center', fontSize: 24, fontWeight: 700, padding: '12px 0' },
              }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
