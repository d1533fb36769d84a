import { screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { changeLanguage, i18n } from '../i18n';
import { Form, SubmitButton, TextField, UnsavedChangesGuard, useZodForm } from '.';
import { useConfirmLeave } from './leave-guard';

const tag = z.strictObject({ name: z.string().trim().min(2) });

/** An edit screen: a saved name, a link away, and a save that goes back to the list or stays. */
const EditTag = ({ stay = false }: { stay?: boolean }) => {
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const form = useZodForm(tag, { defaultValues: { name: 'Hafta Sonu' } });
  return (
    <>
      <Link to="/tags">Etiketler</Link>
      {/* Like signing out: leaves every form behind, then moves on. */}
      <button type="button" onClick={async () => (await confirmLeave()) && navigate('/tags')}>
        Çıkış
      </button>
      <Link to="/tags/edit?tab=2">Diğer sekme</Link>
      <Form
        form={form}
        labels="test-tags"
        onSubmit={async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          if (!stay) navigate('/tags');
        }}
      >
        <TextField name="name" />
        <SubmitButton />
      </Form>
    </>
  );
};

const open = (edit = <EditTag />) =>
  renderWithProviders(
    <UnsavedChangesGuard>
      <Routes>
        <Route path="/tags" element={<h1>Etiket listesi</h1>} />
        <Route path="/tags/edit" element={edit} />
      </Routes>
    </UnsavedChangesGuard>,
    { path: '/tags/edit' },
  );

const leaveQuestion = () => screen.findByRole('dialog', { name: 'Kaydedilmemiş değişiklikler var' });
const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeAll(() => {
  i18n.addResourceBundle('tr', 'test-tags', { fields: { name: 'Ad' } });
  i18n.addResourceBundle('en', 'test-tags', { fields: { name: 'Ad' } });
});
afterEach(() => changeLanguage('tr'));

describe('unsaved changes', () => {
  it('asks before leaving a changed form; staying keeps the changes, leaving drops them', async () => {
    const { user, router } = open();
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), ' Standı');
    await user.click(screen.getByRole('link', { name: 'Etiketler' }));

    const question = await leaveQuestion();
    expect(question).toHaveTextContent('Bu sayfadan ayrılırsanız yaptığınız değişiklikler kaybolacak.');
    await user.click(within(question).getByRole('button', { name: 'Sayfada kal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/tags/edit');
    expect(screen.getByRole('textbox', { name: 'Ad' })).toHaveValue('Hafta Sonu Standı');

    await user.click(screen.getByRole('link', { name: 'Etiketler' }));
    await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Kaydetmeden ayrıl' }));
    expect(await screen.findByRole('heading', { name: 'Etiket listesi' })).toBeInTheDocument();
  });

  it('asks once before an action that leaves the forms behind, like signing out', async () => {
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Çıkış' }));
    expect(await screen.findByRole('heading', { name: 'Etiket listesi' })).toBeInTheDocument();

    await router.navigate('/tags/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), '!');
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Sayfada kal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/tags/edit');

    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Kaydetmeden ayrıl' }));
    // The navigation after the answer is not asked about again.
    expect(await screen.findByRole('heading', { name: 'Etiket listesi' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks in English on an English screen', async () => {
    await changeLanguage('en');
    const { user } = open();
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), '!');
    await user.click(screen.getByRole('link', { name: 'Etiketler' }));
    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(within(question).getByRole('button', { name: 'Leave without saving' })).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Stay on this page' })).toBeInTheDocument();
  });

  it('lets an unchanged form go, and a change of the query string alone', async () => {
    const { user, router } = open();
    await user.click(screen.getByRole('link', { name: 'Etiketler' }));
    expect(await screen.findByRole('heading', { name: 'Etiket listesi' })).toBeInTheDocument();
    expect(unload()).toBe(false);

    await router.navigate('/tags/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), '!');
    await user.click(screen.getByRole('link', { name: 'Diğer sekme' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask after a successful save, whether the save moves on or stays', async () => {
    const { user } = open();
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), ' Standı');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('heading', { name: 'Etiket listesi' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts a saved form as unchanged when it stays on the page', async () => {
    const { user } = open(<EditTag stay />);
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), ' Standı');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(unload()).toBe(false));
    await user.click(screen.getByRole('link', { name: 'Etiketler' }));
    expect(await screen.findByRole('heading', { name: 'Etiket listesi' })).toBeInTheDocument();
  });

  it('asks the browser to confirm closing or reloading the tab while a form is changed', async () => {
    const { user } = open();
    expect(unload()).toBe(false);
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), '!');
    expect(unload()).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Ad' }));
    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), 'Hafta Sonu');
    // Typed back to the saved value: nothing to lose.
    await waitFor(() => expect(unload()).toBe(false));
  });
});
