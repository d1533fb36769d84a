import type { ChannelType } from '@avlu/contracts';
import { paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { channelFixture, roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
// The app's pages load lazily; a busy machine needs more than the default second.
const asAdmin = { signedInAs: { role: systemAdminRole } };

const desk: ChannelType = {
  _id: '64b0000000000000000000f1',
  channel_type_name: 'Danışma',
  channel_type_exp: '',
};
const events: ChannelType = {
  _id: '64b0000000000000000000f2',
  channel_type_name: 'Etkinlik',
  channel_type_exp: 'Etkinlik standları',
};

const infoDesk = channelFixture({
  channel_types: [desk._id],
  tags: ['zemin'],
  channel_cdp_receipt_entry: true,
});

const page = <T,>(rows: T[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

const serveTypes = () =>
  server().on('GET', '/data-types/channel-type', ({ query }) =>
    query.get('showAll') === 'true' ? json([desk, events]) : page([desk, events]),
  );

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

afterEach(async () => {
  await i18n.changeLanguage('tr');
});

describe('channels', () => {
  it('lists channels with their name in the language of the screen, tags, state and switches', async () => {
    serveTypes();
    server().on('GET', '/data-types/channel', () => page([infoDesk]));
    await i18n.changeLanguage('en');
    renderApp({ path: '/registration/channels', ...asAdmin });
    const row = await rowOf('Information Desk');
    expect(within(row).getByText('Ground floor desk')).toBeInTheDocument();
    expect(await within(row).findByText('Danışma')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('Registration')).toBeInTheDocument();
    expect(within(row).getByText('Receipt entry')).toBeInTheDocument();
    const [call] = server().to('GET', '/data-types/channel');
    expect(Object.fromEntries(call!.query)).toMatchObject({ limit: '10', currentPage: '1' });
  });

  it('offers the customer export only to a role that also holds the customer list', async () => {
    serveTypes();
    server().on('GET', '/data-types/channel', () => page([infoDesk]));
    const channelsOnly = { signedInAs: { role: roleWith('modules:customer-registration:channels') } };
    const { unmount } = renderApp({ path: '/registration/channels', ...channelsOnly });
    const row = await rowOf('Danışma Bankosu');
    expect(
      within(row).queryByRole('button', { name: 'Müşterilerini Excel’e aktar: Danışma Bankosu' }),
    ).toBeNull();
    unmount();
    const both = roleWith('modules:customer-registration:channels', 'modules:customers:customer-list');
    renderApp({ path: '/registration/channels', signedInAs: { role: both } });
    const again = await rowOf('Danışma Bankosu');
    expect(
      within(again).getByRole('button', { name: 'Müşterilerini Excel’e aktar: Danışma Bankosu' }),
    ).toBeInTheDocument();
  });

  it("downloads a channel's customers as the server's xlsx file and confirms it", async () => {
    const created = vi.fn((_: Blob) => 'blob:channel');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    serveTypes();
    server()
      .on('GET', '/data-types/channel', () => page([infoDesk]))
      .on(
        'POST',
        `/data-types/channel/export/${infoDesk._id}`,
        () =>
          new Response(new Blob(['PK']), {
            headers: { 'content-disposition': "attachment; filename*=UTF-8''Dan%C4%B1%C5%9Fma.xlsx" },
          }),
      );
    const { user } = renderApp({ path: '/registration/channels', ...asAdmin });
    const row = await rowOf('Danışma Bankosu');
    await user.click(
      within(row).getByRole('button', { name: 'Müşterilerini Excel’e aktar: Danışma Bankosu' }),
    );
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(server().to('POST', `/data-types/channel/export/${infoDesk._id}`)).toHaveLength(1);
    // Confirmed as the customer export is: one toast once the file is saved.
    expect(await screen.findByText('Danışma Bankosu kanalının müşterileri indirildi')).toBeInTheDocument();
  });

  it('creates a channel with the flags a new channel may not turn on locked', async () => {
    serveTypes();
    server()
      .on('GET', '/data-types/channel', () => page([]))
      .on('POST', '/data-types/channel', ({ body }) => json({ ...infoDesk, ...(body as object) }, 201));
    const { user, router } = renderApp({ path: '/registration/channels/new', ...asAdmin });

    const name = await screen.findByRole('textbox', { name: 'Kanal adı (Türkçe)' });
    for (const locked of ['İzin adımı', 'Öğretmen formu', 'Ayrıntılı ödeme formu'])
      expect(screen.getByRole('switch', { name: locked })).toBeDisabled();
    expect(screen.getAllByText(/Yeni kanalda kapalı başlar/)).toHaveLength(3);

    await user.type(name, 'Bahar Etkinliği Standı');
    await user.click(screen.getByRole('combobox', { name: 'Kanal etiketleri' }));
    await user.click(await screen.findByRole('option', { name: 'Etkinlik' }));
    await user.type(screen.getByRole('combobox', { name: 'Serbest etiketler' }), 'bahar{Enter}çocuk,');
    await user.type(screen.getByRole('textbox', { name: 'Etkinlik kimliği' }), 'EVT-2026-04');
    await user.click(screen.getByRole('switch', { name: 'Fiş girişine açık' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channels'));
    expect(server().to('POST', '/data-types/channel')[0]!.body).toEqual({
      channel_name: 'Bahar Etkinliği Standı',
      channel_name_en: '',
      channel_exp: '',
      channel_exp_en: '',
      channel_types: [events._id],
      tags: ['bahar', 'çocuk'],
      event_id: 'EVT-2026-04',
      channel_status: true,
      channel_cdp_data_entry: true,
      channel_cdp_receipt_entry: true,
      channel_ui_allowed: false,
      channel_single_participation: false,
      channel_payment_form_allowed: false,
      channel_permission_allow: false,
      channel_teacher_form_allowed: false,
      channel_detail_payment_form_allowed: false,
    });
    expect(await screen.findByText('Başarıyla oluşturuldu')).toBeInTheDocument();
  });

  it('lets an edit turn the fixed-off flags on and saves a cleared event id as none', async () => {
    serveTypes();
    server()
      .on('GET', `/data-types/channel/${infoDesk._id}`, () => json({ ...infoDesk, event_id: 'EVT-1' }))
      .on('GET', '/data-types/channel', () => page([infoDesk]))
      .on('PUT', `/data-types/channel/${infoDesk._id}`, ({ body }) =>
        json({ ...infoDesk, ...(body as object) }),
      );
    const { user, router } = renderApp({ path: `/registration/channels/${infoDesk._id}/edit`, ...asAdmin });
    const event = await screen.findByRole('textbox', { name: 'Etkinlik kimliği' });
    await user.clear(event);
    const teacher = screen.getByRole('switch', { name: 'Öğretmen formu' });
    expect(teacher).toBeEnabled();
    await user.click(teacher);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channels'));
    expect(server().to('PUT', `/data-types/channel/${infoDesk._id}`)[0]!.body).toMatchObject({
      event_id: null,
      channel_teacher_form_allowed: true,
      channel_types: [desk._id],
      tags: ['zemin'],
    });
  });

  it('deletes a channel after confirmation through its delete route and says "Channel removed"', async () => {
    serveTypes();
    let rows = [infoDesk];
    server()
      .on('GET', '/data-types/channel', () => page(rows))
      .on('DELETE', `/data-types/channel/${infoDesk._id}`, () => {
        rows = [];
        return new Response(null, { status: 204 });
      });
    await i18n.changeLanguage('en');
    const { user, router } = renderApp({ path: '/registration/channels', ...asAdmin });
    await user.click(
      within(await rowOf('Information Desk')).getByRole('button', { name: 'Delete: Information Desk' }),
    );
    expect(router.state.location.pathname).toBe(`/registration/channels/${infoDesk._id}/delete`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this channel?')).toBeInTheDocument();
    expect(within(dialog).getByText('Information Desk')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Channel removed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channels'));
    expect(server().to('DELETE', `/data-types/channel/${infoDesk._id}`)).toHaveLength(1);
  });

  it('asks on a deep link to the delete route and leaves the channel when cancelled', async () => {
    serveTypes();
    server()
      .on('GET', '/data-types/channel', () => page([infoDesk]))
      .on('GET', `/data-types/channel/${infoDesk._id}`, () => json(infoDesk));
    const { user, router } = renderApp({ path: `/registration/channels/${infoDesk._id}/delete`, ...asAdmin });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Danışma Bankosu')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channels'));
    expect(server().to('DELETE', `/data-types/channel/${infoDesk._id}`)).toHaveLength(0);
  });
});

describe('channel tags', () => {
  it('says "An error occurred while creating channel tag" and shows the reason under the field', async () => {
    serveTypes();
    server().on('POST', '/data-types/channel-type', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Gönderilen bilgiler geçersiz: channel_type_name',
          fields: { channel_type_name: 'En fazla 120 karakter olmalıdır' },
        },
        400,
      ),
    );
    const { user, router } = renderApp({ path: '/registration/channel-tags/new', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Etiket adı' }), 'Okul');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kanal etiketi oluşturulurken bir hata oluştu')).toBeInTheDocument();
    expect(await screen.findByText('En fazla 120 karakter olmalıdır')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Etiket adı' })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/registration/channel-tags/new');
  });

  it('creates a tag and deletes one with "Channel Tag removed"', async () => {
    serveTypes();
    server()
      .on('POST', '/data-types/channel-type', ({ body }) =>
        json({ _id: '64b0000000000000000000f3', channel_type_exp: '', ...(body as object) }, 201),
      )
      .on('DELETE', `/data-types/channel-type/${events._id}`, () => new Response(null, { status: 204 }));
    await i18n.changeLanguage('en');
    const { user, router } = renderApp({ path: '/registration/channel-tags/new', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Tag name' }), 'School');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channel-tags'));
    expect(server().to('POST', '/data-types/channel-type')[0]!.body).toEqual({
      channel_type_name: 'School',
      channel_type_exp: '',
    });

    await user.click(within(await rowOf('Etkinlik')).getByRole('button', { name: 'Delete: Etkinlik' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Channel Tag removed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channel-tags'));
  });
});
