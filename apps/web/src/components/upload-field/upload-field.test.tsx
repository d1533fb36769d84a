import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '../../lib/form';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../lib/resource/test-utils';
import { acceptPresets, FormUploadField, formatBytes, isAccepted, UploadField } from '.';

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type });

const Controlled = ({ onChange, progress }: { onChange: (file: File | null) => void; progress?: number }) => {
  const [value, setValue] = useState<File | null>(null);
  return (
    <UploadField
      label="Fiş fotoğrafı"
      value={value}
      onChange={(file) => {
        setValue(file);
        onChange(file);
      }}
      accept={acceptPresets.images}
      maxSize={MB}
      progress={progress}
    />
  );
};

const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;
// The file dialog already filters by accept; a drop or a permissive OS does not, so the field checks too.
const user = () => userEvent.setup({ applyAccept: false });

// jsdom has no object URLs; each test file runs in its own environment, so setting them is contained.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});
afterEach(() => changeLanguage('tr'));

describe('UploadField', () => {
  it('rejects a file over the limit and names the limit, in Turkish and English', async () => {
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Controlled onChange={onChange} />);
    await user().upload(fileInput(container), fileOf('fis.jpg', 'image/jpeg', 2 * MB));
    expect(screen.getByText('Dosya en fazla 1 MB olabilir; seçilen dosya 2 MB.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await changeLanguage('en');
    await user().upload(fileInput(container), fileOf('fis.jpg', 'image/jpeg', 1.5 * MB));
    expect(screen.getByText('The file must be at most 1 MB; the chosen file is 1.5 MB.')).toBeInTheDocument();
  });

  it('rejects a dropped file of the wrong type with the allowed types', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    const zone = screen.getByRole('button', { name: /Fiş fotoğrafı/ });
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('rapor.pdf', 'application/pdf', 10)] } });
    expect(
      await screen.findByText('Bu dosya türü kabul edilmiyor. İzin verilen: PNG, JPEG, WEBP, GIF'),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a fitting image with a preview, its name and size, and removes it', async () => {
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Controlled onChange={onChange} />);
    const photo = fileOf('fis.png', 'image/png', 1536);
    await user().upload(fileInput(container), photo);
    expect(onChange).toHaveBeenCalledWith(photo);
    expect(screen.getByRole('img', { name: 'Önizleme' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByText('fis.png')).toBeInTheDocument();
    expect(screen.getByText('1,5 KB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dosyayı kaldır' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText('fis.png')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('shows a saved file of our store as such, not by its random name, and another URL by its name', () => {
    const stored = `/api/files/${'x'.repeat(43)}.png`;
    const { rerender } = renderWithProviders(
      <UploadField label="Logo" value={stored} onChange={() => {}} accept={acceptPresets.images} />,
    );
    expect(screen.getByText('Kayıtlı dosya')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Önizleme' })).toHaveAttribute('src', stored);
    rerender(
      <UploadField
        label="Logo"
        value="https://cdn.example.com/logo.png"
        onChange={() => {}}
        accept={acceptPresets.images}
      />,
    );
    expect(screen.getByText('logo.png')).toBeInTheDocument();
  });

  it('shows the upload progress', () => {
    renderWithProviders(<Controlled onChange={vi.fn()} progress={40} />);
    expect(screen.getByRole('progressbar', { name: 'Yükleniyor: %40' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
  });
});

const ImportForm = ({ onSubmit }: { onSubmit: (values: { customer_data: File }) => void }) => {
  const form = useZodForm(z.object({ customer_data: z.instanceof(File) }));
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormUploadField
        name="customer_data"
        label="common:appName"
        accept={acceptPresets.excel}
        maxSize={MB}
      />
      <SubmitButton />
    </Form>
  );
};

describe('FormUploadField', () => {
  it('requires a file and hands the chosen one to the submit', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(<ImportForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Bu alan zorunludur')).toBeInTheDocument();

    const sheet = fileOf('musteriler.xlsx', acceptPresets.excel[1], 2048);
    await user().upload(fileInput(container), sheet);
    expect(screen.getByText('musteriler.xlsx')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ customer_data: sheet }));
  });
});

describe('file rules', () => {
  it('matches MIME types, wildcards and extensions, and formats sizes per language', () => {
    expect(isAccepted(fileOf('a.XLSX', '', 1), ['.xlsx'])).toBe(true);
    expect(isAccepted(fileOf('a.png', 'image/png', 1), ['image/*'])).toBe(true);
    expect(isAccepted(fileOf('a.png', 'image/png', 1), ['application/pdf'])).toBe(false);
    expect(formatBytes(5 * MB, 'tr')).toBe('5 MB');
    expect(formatBytes(2.25 * 1024, 'tr')).toBe('2,3 KB');
    expect(formatBytes(2.25 * 1024, 'en')).toBe('2.3 KB');
  });
});
