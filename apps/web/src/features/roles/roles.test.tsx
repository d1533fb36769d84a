import { permissionTree } from '@avlu/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { i18n } from '../../lib/i18n';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';
import { subjectKey } from './permission-selection';
// The catalogue loads with the roles pages; this test reads it before any page is shown.
import './texts';

const server = installTestServer();
const authoriser = roleWith('modules:users:user-authorization');

describe('role editor', () => {
  it('names every subject of the permission tree in Turkish and English', () => {
    const subjects = permissionTree.flatMap(function all(node): string[] {
      return [node.subject, ...(node.children ?? []).flatMap(all)];
    });
    for (const lng of ['tr', 'en'])
      for (const subject of subjects)
        expect(i18n.exists(`roles:subjects.${subjectKey(subject)}`, { lng }), `${lng} ${subject}`).toBe(true);
  });

  it('ticks a group with its pages, shows a partly ticked group, and saves the ticked part', async () => {
    server()
      .on('GET', '/core/role/tree-data', () => json(permissionTree))
      .on('POST', '/core/role', ({ body }) =>
        json({ _id: '64b0000000000000000000dd', modules: [], ...(body as object) }, 201),
      )
      .on('GET', '/core/role', () =>
        json({ data: [], pagination: { total: 0, limit: 10, currentPage: 1, totalPages: 0 } }),
      );
    serveSession(server(), { role: authoriser });
    const { user, router } = renderApp({
      path: '/user/roles/new',
      signedInAs: { role: authoriser },
      authClient: httpAuthClient,
    });
    const box = (name: string) => screen.getByRole('checkbox', { name });

    await user.type(await screen.findByRole('textbox', { name: 'Rol adı' }), 'Fiş Sorumlusu');
    // A page alone: its group is partly ticked.
    await user.click(await screen.findByRole('checkbox', { name: 'Fişler ve Puan Sıfırlama' }));
    expect(box('Sadakat')).toBePartiallyChecked();
    // A partly ticked group ticks all of it; a whole group clears all of it.
    await user.click(box('Sadakat'));
    expect(box('Sadakat')).toBeChecked();
    expect(box('Hediyeler')).toBeChecked();
    await user.click(box('Sadakat'));
    expect(box('Sadakat')).not.toBeChecked();
    expect(box('Sadakat')).not.toBePartiallyChecked();
    expect(box('Fişler ve Puan Sıfırlama')).not.toBeChecked();
    await user.click(box('Fişler ve Puan Sıfırlama'));

    // A group's own page alone: the group, then its page off.
    await user.click(box('Raporlar'));
    expect(box('Aylık Raporlar')).toBeChecked();
    await user.click(box('Aylık Raporlar'));
    expect(box('Raporlar')).toBePartiallyChecked();

    // Nested: the group ticks its pages and theirs; one page off leaves it partly ticked.
    await user.click(box('Müşteriler'));
    expect(box('Müşteri Aktarımı (Excel)')).toBeChecked();
    await user.click(box('Telefonla Arama'));
    expect(box('Müşteriler')).toBePartiallyChecked();
    expect(box('Müşteri Listesi')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/roles'));
    expect(server().to('POST', '/core/role')[0]!.body).toEqual({
      role_name: 'Fiş Sorumlusu',
      menu_items: [
        {
          subject: 'modules:customers:customers',
          children: [
            {
              subject: 'modules:customers:customer-list',
              children: [{ subject: 'modules:customers:customer-list:customer-import' }],
            },
          ],
        },
        { subject: 'modules:loyalty:receipts' },
        { subject: 'modules:reports' },
      ],
    });
    expect(await screen.findByText('Başarıyla oluşturuldu')).toBeInTheDocument();
  });
});
