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

  it('saves the ticked part of the tree, a group without its pages unless asked', async () => {
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

    await user.type(
      await screen.findByRole('textbox', { name: 'Rol adı' }, { timeout: 5000 }),
      'Fiş Sorumlusu',
    );
    // A page under an unticked group, a group alone, and a whole group by "select all".
    await user.click(await screen.findByRole('checkbox', { name: 'Fişler ve Puan Sıfırlama' }));
    await user.click(screen.getByRole('checkbox', { name: 'Raporlar' }));
    expect(screen.getByRole('checkbox', { name: 'Aylık Raporlar' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Tümünü seç: Müşteriler' }));
    expect(screen.getByRole('checkbox', { name: 'Müşteri Aktarımı (Excel)' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Telefonla Arama' }));
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
  }, 30_000);
});
