import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('page titles (WCAG 2.4.2)', () => {
  it.each([
    ['/auth/login', undefined, 'Giriş Yap · Avlu'],
    ['/app', systemAdminRole, 'Genel Bakış · Avlu'],
    ['/registration/channel-tags', systemAdminRole, 'Kanal Etiketleri · Avlu'],
    ['/bu/sayfa/yok', systemAdminRole, 'Sayfa bulunamadı · Avlu'],
  ])('names the tab after the screen at %s', async (path, role, title) => {
    document.title = 'Avlu';
    renderApp({ path, signedInAs: role ? { role } : undefined });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
