import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../api';
import { createTestServer, json, never, type TestServer } from '../api/test-server';
import { changeLanguage, i18n } from '../i18n';
import { renderWithProviders } from '../resource/test-utils';
import {
  CheckboxField,
  DateField,
  Form,
  NumberField,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '.';

const adminInvite = z.strictObject({
  admin_name: z.string().trim().min(2).max(50),
  admin_email: z.email().max(265),
  admin_password: z.string().min(6),
  priority: z.number().int().min(1).max(99),
  role: z.enum(['admin', 'editor']),
  newsletter: z.boolean(),
  birthdate: z.iso.date().optional(),
});
type AdminInvite = z.output<typeof adminInvite>;

beforeAll(() => {
  i18n.addResourceBundle('tr', 'test-admins', {
    fields: {
      admin_name: 'Ad',
      admin_email: 'E-posta',
      admin_password: 'Şifre',
      priority: 'Öncelik',
      role: 'Rol',
      newsletter: 'Bülten',
      birthdate: 'Doğum tarihi',
    },
  });
  i18n.addResourceBundle('en', 'test-admins', {
    fields: {
      admin_name: 'Name',
      admin_email: 'Email',
      admin_password: 'Password',
      priority: 'Priority',
      role: 'Role',
      newsletter: 'Newsletter',
      birthdate: 'Birthdate',
    },
  });
});

let server: TestServer;
beforeEach(() => {
  server = createTestServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('tr');
});

const InviteForm = ({ onSubmit }: { onSubmit: (values: AdminInvite) => unknown }) => {
  const form = useZodForm(adminInvite, {
    defaultValues: { admin_name: '', admin_email: '', admin_password: '', role: 'editor', newsletter: false },
  });
  return (
    <Form form={form} labels="test-admins" onSubmit={onSubmit}>
      <TextField name="admin_name" />
      <TextField name="admin_email" type="email" />
      <PasswordField name="admin_password" />
      <NumberField name="priority" />
      <SelectField
        name="role"
        options={[
          { value: 'admin', label: 'Yönetici' },
          { value: 'editor', label: 'Editör' },
        ]}
      />
      <CheckboxField name="newsletter" />
      <DateField name="birthdate" />
      <SubmitButton />
    </Form>
  );
};

/** An edit form: its number starts with a value. */
const PriorityEditForm = () => {
  const form = useZodForm(z.strictObject({ priority: adminInvite.shape.priority }), {
    defaultValues: { priority: 7 },
  });
  return (
    <Form form={form} labels="test-admins" onSubmit={vi.fn()}>
      <NumberField name="priority" />
      <SubmitButton />
    </Form>
  );
};

const fill = async (values: Partial<Record<'Ad' | 'E-posta' | 'Şifre' | 'Öncelik', string>>) => {
  for (const [label, text] of Object.entries(values)) {
    const input = screen.getByRole(label === 'Öncelik' ? 'spinbutton' : 'textbox', { name: label });
    await userEvent.clear(input);
    await userEvent.type(input, text);
  }
};
const passwordInput = () => screen.getByLabelText('Şifre', { selector: 'input' });

describe('Form validation', () => {
  it('shows the contracts messages in Turkish and does not submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<InviteForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ad' }), 'A');
    await userEvent.type(passwordInput(), '123');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Öncelik' }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));

    expect(await screen.findByText('En az 2 karakter olmalıdır')).toBeInTheDocument();
    // Left empty: required, not 'enter a valid email'.
    expect(screen.getByRole('textbox', { name: 'E-posta' })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(screen.getByText('En az 6 karakter olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('En fazla 99 olabilir')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ad' })).toHaveAccessibleDescription(
      'En az 2 karakter olmalıdır',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps an emptied number empty in an edit form, and says it is required', async () => {
    renderWithProviders(<PriorityEditForm />);
    const priority = screen.getByRole('spinbutton', { name: 'Öncelik' });
    expect(priority).toHaveValue(7);
    // react-hook-form shows the default again for a value of undefined: emptied is null.
    fireEvent.change(priority, { target: { value: '' } });
    expect(priority).toHaveValue(null);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(priority).toHaveAccessibleDescription('Bu alan zorunludur'));
    expect(priority).toHaveValue(null);
  });

  it('says every empty field is required, and speaks English after a language change', async () => {
    renderWithProviders(<InviteForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    // Empty text, empty email and a missing number alike: not 'at least 2 characters'.
    await waitFor(() => expect(screen.getAllByText('Bu alan zorunludur')).toHaveLength(4));
    await changeLanguage('en');
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'This field is required',
    );
  });

  it('says nothing about a field only passed through, and shows every error of the form at once on submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<InviteForm onSubmit={onSubmit} />);
    const name = screen.getByRole('textbox', { name: 'Ad' });
    await userEvent.click(name);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByText('Bu alan zorunludur')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    // A changed field is checked when left, but not when left for the submit button: the message
    // would move the button from under the pointer and the click would be lost.
    await userEvent.type(name, 'A');
    await userEvent.tab();
    expect(await screen.findByText('En az 2 karakter olmalıdır')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'E-posta' });
    await userEvent.type(email, 'x@');
    fireEvent.blur(email, { relatedTarget: screen.getByRole('button', { name: 'Kaydet' }) });
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Geçerli bir e-posta adresi girin'));
    expect(passwordInput()).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.getByRole('spinbutton', { name: 'Öncelik' })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the parsed values: numbers as numbers, selects and checkboxes as their values', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<InviteForm onSubmit={onSubmit} />);
    await fill({ Ad: '  Ayşe ', 'E-posta': 'ayse@avlu.com.tr', Öncelik: '7' });
    await userEvent.type(passwordInput(), 'gizli123');
    await userEvent.click(screen.getByRole('combobox', { name: 'Rol' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Yönetici' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bülten' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        admin_name: 'Ayşe',
        admin_email: 'ayse@avlu.com.tr',
        admin_password: 'gizli123',
        priority: 7,
        role: 'admin',
        newsletter: true,
      }),
    );
  });
});

describe('Form and the server', () => {
  const submitValid = async () => {
    await fill({ Ad: 'Ayşe', 'E-posta': 'ayse@avlu.com.tr', Öncelik: '1' });
    await userEvent.type(passwordInput(), 'gizli123');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
  };

  it('puts the server field errors under their fields', async () => {
    server.on('POST', '/core/admin-invites', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Gönderilen bilgiler geçersiz: admin_email',
          fields: { admin_email: 'Bu e-posta adresine zaten davet gönderildi' },
        },
        400,
      ),
    );
    renderWithProviders(<InviteForm onSubmit={(values) => api.post('/core/admin-invites', values)} />);
    await submitValid();
    const email = screen.getByRole('textbox', { name: 'E-posta' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Bu e-posta adresine zaten davet gönderildi'),
    );
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.last()!.body).toMatchObject({ admin_email: 'ayse@avlu.com.tr', priority: 1 });
  });

  it('shows an error without a field on screen once, in an alert above the form that takes focus', async () => {
    server.on('POST', '/core/admin-invites', () =>
      json(
        { statusCode: 409, code: 'CONFLICT', message: 'Bu kayıt zaten var', fields: { invite: 'x' } },
        409,
      ),
    );
    renderWithProviders(<InviteForm onSubmit={(values) => api.post('/core/admin-invites', values)} />);
    await submitValid();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bu kayıt zaten var');
    // Focus moves there, so a long form's user sees it without a toast saying it again.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getAllByText('Bu kayıt zaten var')).toHaveLength(1);
  });

  it('locks the fields while the submit runs', async () => {
    server.on('POST', '/core/admin-invites', () => never());
    renderWithProviders(<InviteForm onSubmit={(values) => api.post('/core/admin-invites', values)} />);
    await submitValid();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ad' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Bülten' })).toBeDisabled();
  });
});

const BirthdateForm = ({ onSubmit }: { onSubmit: (values: { birthdate: string }) => void }) => {
  const form = useZodForm(z.object({ birthdate: z.iso.date() }), {
    defaultValues: { birthdate: '1990-05-17' },
  });
  return (
    <Form form={form} labels="test-admins" onSubmit={onSubmit}>
      <DateField name="birthdate" />
      <SubmitButton />
    </Form>
  );
};

const NameOnlyForm = ({ onSubmit }: { onSubmit: () => void }) => {
  const form = useZodForm(z.strictObject({ admin_name: z.string() }), {
    // An edit form reset with the whole record: the strict schema rejects the extra key.
    defaultValues: { admin_name: 'Ayşe', _id: 'x' } as { admin_name: string },
  });
  return (
    <Form form={form} labels="test-admins" onSubmit={onSubmit}>
      <TextField name="admin_name" />
      <SubmitButton />
    </Form>
  );
};

describe('Form without a field for an error', () => {
  it('names the error in the alert instead of blocking the submit silently', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<NameOnlyForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('_id: Bilinmeyen alan');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('fields', () => {
  it('shows and hides the password', async () => {
    renderWithProviders(<InviteForm onSubmit={vi.fn()} />);
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi göster' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi gizle' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('shows a date in DD/MM/YYYY and submits it as YYYY-MM-DD', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(<BirthdateForm onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Doğum tarihi' });
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((s) => s.textContent),
    ).toEqual(['17', '05', '1990']);
    expect(container.querySelector('input[name="birthdate"]')).toHaveValue('17/05/1990');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ birthdate: '1990-05-17' }));
  });
});
