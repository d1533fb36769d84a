import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/resource/test-utils';
import { ConfirmDialog, type ConfirmOptions, useConfirm } from '.';

const Asker = ({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (answer: boolean) => void }) => {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => onAnswer(await confirm(options))}>
      ask
    </button>
  );
};

describe('useConfirm', () => {
  it('resolves true when confirmed, with the destructive default text "Sil"', async () => {
    const onAnswer = vi.fn();
    renderWithProviders(
      <Asker options={{ title: 'Kampanya silinsin mi?', destructive: true }} onAnswer={onAnswer} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kampanya silinsin mi?' });
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false when cancelled or dismissed with Escape', async () => {
    const onAnswer = vi.fn();
    renderWithProviders(
      <Asker options={{ title: 'Şimdi gönderilsin mi?', confirmText: 'Gönder' }} onAnswer={onAnswer} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByRole('button', { name: 'Gönder' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(2));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
  });

  it('starts a destructive question on the safe answer, and any other on the confirm button', async () => {
    const onAnswer = vi.fn();
    const { rerender } = renderWithProviders(
      <Asker
        options={{ title: 'Sayfadan ayrılınsın mı?', destructive: true, confirmText: 'Ayrıl' }}
        onAnswer={onAnswer}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vazgeç' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    rerender(
      <Asker options={{ title: 'Şimdi gönderilsin mi?', confirmText: 'Gönder' }} onAnswer={onAnswer} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gönder' })).toHaveFocus());
  });
});

describe('ConfirmDialog', () => {
  it('keeps its buttons disabled while the confirmed action runs', async () => {
    const onConfirm = vi.fn();
    const { rerender } = renderWithProviders(
      <ConfirmDialog open title="Gönder" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    act(() =>
      rerender(<ConfirmDialog open loading title="Gönder" onConfirm={onConfirm} onCancel={() => {}} />),
    );
    expect(screen.getByRole('button', { name: 'Vazgeç' })).toBeDisabled();
  });
});
