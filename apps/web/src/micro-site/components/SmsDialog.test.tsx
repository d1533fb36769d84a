import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MicroSiteError } from '../lib/api';
import { SmsDialog, type SmsDialogProps } from './SmsDialog';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const open = (props: Partial<SmsDialogProps> = {}) => {
  const all: SmsDialogProps = {
    open: true,
    phone: '0532 123 45 67',
    resendAt: inSeconds(180),
    onResend: vi.fn(async () => inSeconds(180)),
    onSubmit: vi.fn(async () => {}),
    onClose: vi.fn(),
    ...props,
  };
  const user = userEvent.setup();
  const view = render(<SmsDialog {...all} />);
  return { ...view, user, props: all };
};

const box = (index: number) => screen.getByRole('textbox', { name: `${index}. hane` });

describe('SmsDialog', () => {
  it('names the phone as the back-office shows it, however it was typed', async () => {
    open({ phone: '5321234567' });
    expect(
      screen.getByText('0532 123 45 67 numarasına gönderdiğimiz 4 haneli kodu girin.'),
    ).toBeInTheDocument();
  });

  it('has four one-digit boxes and moves to the next as a digit is typed', async () => {
    const { user, props } = open();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(box(1)).toHaveFocus();
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('2x3');
    expect(box(4)).toHaveFocus();
    expect([1, 2, 3, 4].map((i) => (box(i) as HTMLInputElement).value)).toEqual(['1', '2', '3', '']);
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect((box(3) as HTMLInputElement).value).toBe('');
    expect(props.onSubmit).not.toHaveBeenCalled();
    // The fourth digit sends the code: no button to press.
    await user.keyboard('39');
    expect(props.onSubmit).toHaveBeenCalledOnce();
    expect(props.onSubmit).toHaveBeenCalledWith('1239');
  });

  it('spreads pasted digits over the boxes and sends the code they make', async () => {
    const { user, props } = open();
    await user.paste('4 7-2 9');
    expect([1, 2, 3, 4].map((i) => (box(i) as HTMLInputElement).value)).toEqual(['4', '7', '2', '9']);
    expect(props.onSubmit).toHaveBeenCalledOnce();
    expect(props.onSubmit).toHaveBeenCalledWith('4729');
  });

  it('says once that the code is required, marks the empty boxes and sends nothing', async () => {
    const { user, props } = open();
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(screen.getAllByText('Kod gerekli')).toHaveLength(1);
    for (const i of [1, 2, 3, 4]) {
      expect(box(i)).toHaveAttribute('aria-invalid', 'true');
      expect(box(i)).toHaveAccessibleDescription('Kod gerekli');
    }
    await user.keyboard('5');
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(screen.queryByText('Kod gerekli')).not.toBeInTheDocument();
    expect(screen.getAllByText('4 haneli kodun tamamını girin')).toHaveLength(1);
    expect(box(1)).not.toHaveAttribute('aria-invalid');
    for (const i of [2, 3, 4]) expect(box(i)).toHaveAttribute('aria-invalid', 'true');
    expect(box(2)).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('keeps resend disabled while the countdown runs and shows the time left', () => {
    open({ resendAt: inSeconds(150) });
    expect(screen.getByRole('button', { name: 'Kodu yeniden gönder' })).toBeDisabled();
    expect(screen.getByText(/Yeni kod 2:(29|30) sonra istenebilir/)).toBeInTheDocument();
  });

  it('enables resend when the countdown ends, and counts down again from the new resend_at', async () => {
    const { user, props } = open({ resendAt: inSeconds(1) });
    const resend = screen.getByRole('button', { name: 'Kodu yeniden gönder' });
    expect(resend).toBeDisabled();
    await waitFor(() => expect(resend).toBeEnabled());
    await user.click(resend);
    expect(props.onResend).toHaveBeenCalledOnce();
  });

  it('shows a refused code in the dialog and clears the boxes for another try', async () => {
    const { user } = open({
      onSubmit: async () => {
        throw new MicroSiteError({
          statusCode: 400,
          code: 'SMS_CODE_INVALID',
          message: 'Doğrulama kodu hatalı; 4 deneme hakkınız kaldı',
        });
      },
    });
    await act(() => user.paste('1111'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Doğrulama kodu hatalı; 4 deneme hakkınız kaldı',
    );
    expect((box(1) as HTMLInputElement).value).toBe('');
  });
});
