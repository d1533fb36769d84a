import { type CodeValidationResult, couponCheckSymbol } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../lib/api/test-server';
import { axeViolations } from '../../test/axe';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const clerk = { signedInAs: { role: roleWith('modules:campaign-code-validation') } };
const asAdmin = { signedInAs: { role: systemAdminRole } };
const PATH = '/campaigns/code-validation';

/** A generated code: nine symbols and their check symbol. */
const generated = (data: string) => `${data}${couponCheckSymbol(data)}`;
const CODE = generated('ABCDEFGHJ');
const OTHER = generated('KMNPQRSTU');
/** The same nine symbols with a wrong check symbol: a typo the form refuses. */
const MISTYPED = `ABCDEFGHJ${couponCheckSymbol('ABCDEFGHJ') === '2' ? '3' : '2'}`;

const spring = {
  _id: '64b00000000000000000c001',
  campaign_name: 'Bahar İndirimi',
  campaign_name_en: 'Spring Sale',
  campaign_type: 'coupon' as const,
  campaign_start_date: '2026-06-01T09:00:00.000Z',
  campaign_end_date: '2030-06-30T18:00:00.000Z',
};
const cinema = {
  _id: '64b00000000000000000c002',
  campaign_name: 'Sinema Ortaklığı',
  campaign_name_en: 'Cinema Partnership',
  campaign_type: 'third_party' as const,
  campaign_start_date: '2026-06-01T09:00:00.000Z',
  campaign_end_date: '2030-06-30T18:00:00.000Z',
};

const found = (code = CODE, overrides: Partial<CodeValidationResult> = {}): CodeValidationResult => ({
  coupon_code: code,
  coupon_status: 'given',
  campaign: spring,
  holder: { masked_name: 'Ay** Yı***', masked_phone: '0532 *** ** 24' },
  coupon_given_at: '2026-11-20T10:15:00.000Z',
  coupon_used_at: null,
  coupon_expires_at: '2030-06-30T18:00:00.000Z',
  hold_expires_at: new Date(Date.now() + 300_000).toISOString(),
  ...overrides,
});

const refusal = (statusCode: number, code: string, message: string, fields?: Record<string, string>) =>
  json({ statusCode, code, message, ...(fields && { fields }) }, statusCode);

const serveCampaigns = (rows: unknown[] = [spring, cinema]) =>
  server().on('GET', '/code-validation/campaigns', () => json(rows));
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Record<string, unknown>;

const chooseCampaign = async (user: UserEvent, name: RegExp) => {
  await user.click(await screen.findByRole('combobox', { name: /^Kampanya/ }));
  await user.click(await screen.findByRole('option', { name }));
};
const typeCode = async (user: UserEvent, code: string) => {
  const field = screen.getByRole('textbox', { name: /^Kupon kodu/ });
  await user.clear(field);
  await user.type(field, code);
};
const lookUp = async (user: UserEvent, code: string) => {
  await typeCode(user, code);
  await user.click(screen.getByRole('button', { name: 'Sorgula' }));
};
/** The result card, named by the code as it is shown (a generated code in two groups). */
const resultCard = (code: string, shown = `${code.slice(0, 5)}-${code.slice(5)}`) =>
  screen.findByRole('region', { name: shown });

beforeEach(() => sessionStorage.clear());

describe('the code validation screen', () => {
  it('lists the campaigns whose codes a store redeems, and remembers the last one chosen', async () => {
    serveCampaigns();
    const { user, unmount } = renderApp({ path: PATH, ...clerk });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kupon Kodu Doğrulama' }),
    ).toBeInTheDocument();
    // The screen exists, so the sidebar offers it.
    expect(screen.getByRole('link', { name: 'Kupon Kodu Doğrulama' })).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: /^Kampanya/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Bahar İndirimi · Kupon',
      'Sinema Ortaklığı · Üçüncü taraf',
    ]);
    await user.click(options[1]!);
    unmount();

    renderApp({ path: PATH, ...clerk });
    expect(await screen.findByRole('combobox', { name: /^Kampanya/ })).toHaveTextContent('Sinema Ortaklığı');
  });

  it('says so when no campaign’s codes are redeemed at a store', async () => {
    serveCampaigns([]);
    renderApp({ path: PATH, ...clerk });
    expect(
      await screen.findByText(/Kodu mağazada kullanılan, süresi devam eden bir kampanya yok/),
    ).toBeInTheDocument();
  });

  it('refuses a mistyped generated code and an empty form without asking the server', async () => {
    serveCampaigns();
    const { user } = renderApp({ path: PATH, ...clerk });
    await user.click(await screen.findByRole('button', { name: 'Sorgula' }));
    expect(await screen.findAllByText('Bu alan zorunludur')).toHaveLength(2);

    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, MISTYPED);
    expect(
      await screen.findByText('Bu kod geçerli bir kod değil; kontrol edip yeniden yazın'),
    ).toBeInTheDocument();
    expect(server().to('GET', '/code-validation')).toHaveLength(0);

    // An imported (partner's) code has no check symbol: it is looked up.
    server().on('GET', '/code-validation', () =>
      json(
        found(MISTYPED, { campaign: cinema, hold_expires_at: new Date(Date.now() + 300_000).toISOString() }),
      ),
    );
    await chooseCampaign(user, /^Sinema Ortaklığı/);
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await resultCard(MISTYPED, MISTYPED);
    expect(server().to('GET', '/code-validation')).toHaveLength(1);
  });

  it('looks a code up as typed, in any case and with dashes, and shows its masked holder and hold', async () => {
    serveCampaigns();
    server().on('GET', '/code-validation', () => json(found()));
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await typeCode(user, `${CODE.slice(0, 5).toLowerCase()} - ${CODE.slice(5)}`);
    // The field writes the code in capitals as it is typed.
    expect(screen.getByRole('textbox', { name: /^Kupon kodu/ })).toHaveValue(
      `${CODE.slice(0, 5)} - ${CODE.slice(5)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    const card = await resultCard(CODE);
    const [call] = server().to('GET', '/code-validation');
    expect(call!.query.get('campaign_id')).toBe(spring._id);
    expect(call!.query.get('coupon_code')).toBe(CODE);
    expect(within(card).getByText('Kullanılabilir')).toBeInTheDocument();
    expect(within(card).getByText('Ay** Yı***')).toBeInTheDocument();
    expect(within(card).getByText('0532 *** ** 24')).toBeInTheDocument();
    expect(within(card).getByText('Bahar İndirimi')).toBeInTheDocument();
    expect(within(card).getByText('20-11-2026 13:15')).toBeInTheDocument();
    expect(within(card).getByRole('timer')).toHaveTextContent(/Kod [45]:\d\d boyunca bu kasa için ayrıldı/);
    expect(await axeViolations()).toEqual([]);
  });

  it('clears the result when a lookup fails, shows the server’s message and lets the held code go', async () => {
    serveCampaigns();
    server()
      .on('GET', '/code-validation', ({ query }) =>
        query.get('coupon_code') === CODE
          ? json(found())
          : refusal(404, 'COUPON_CODE_NOT_FOUND', 'Bu kampanyada böyle bir kod yok', {
              coupon_code: 'Bu kampanyada böyle bir kod yok',
            }),
      )
      .on('DELETE', '/code-validation/hold', () => json({}));
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    await resultCard(CODE);

    await lookUp(user, OTHER);
    expect(await screen.findByText('Bu kampanyada böyle bir kod yok')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^ABCDE/ })).toBeNull();
    expect(screen.queryByText('Ay** Yı***')).toBeNull();
    await waitFor(() => expect(server().to('DELETE', '/code-validation/hold')).toHaveLength(1));
    expect(bodyOf(server().to('DELETE', '/code-validation/hold')[0])).toEqual({
      campaign_id: spring._id,
      coupon_code: CODE,
    });
  });

  it('sends the holder an SMS code, says a wrong one, and redeems the code once the fourth digit is typed', async () => {
    serveCampaigns();
    server()
      .on('GET', '/code-validation', () => json(found()))
      .on('POST', '/code-validation/sendOtp', () => new Response(null, { status: 204 }))
      .on('PUT', '/code-validation/', ({ body }) =>
        (body as { otp_code: string }).otp_code === '1234'
          ? json({ coupon_code: CODE, coupon_status: 'used', coupon_used_at: '2026-11-24T16:05:00.000Z' })
          : refusal(400, 'SMS_CODE_INVALID', 'Kod hatalı', { otp_code: 'Kod hatalı' }),
      );
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    const card = await resultCard(CODE);
    await user.click(within(card).getByRole('button', { name: 'SMS kodu gönder' }));
    expect(
      await within(card).findByText(
        '0532 *** ** 24 numaralı telefona SMS kodu gönderildi. Müşteriden gelen 4 haneli kodu isteyin.',
      ),
    ).toBeInTheDocument();
    expect(bodyOf(server().to('POST', '/code-validation/sendOtp')[0])).toEqual({
      campaign_id: spring._id,
      coupon_code: CODE,
    });
    expect(within(card).getByRole('button', { name: /^Yeniden gönder \(\d:\d\d\)$/ })).toBeDisabled();

    // An incomplete code is not sent.
    await user.type(within(card).getByRole('textbox', { name: 'SMS kodunun 1. hanesi' }), '99');
    await user.click(within(card).getByRole('button', { name: 'Kullanıldı olarak işaretle' }));
    expect(await within(card).findByText('Kod 4 haneli olmalıdır')).toBeInTheDocument();
    expect(server().to('PUT', '/code-validation/')).toHaveLength(0);

    // The fourth digit sends it; a wrong code is said in the card and the boxes empty.
    await user.type(within(card).getByRole('textbox', { name: 'SMS kodunun 3. hanesi' }), '99');
    expect(await within(card).findByText('Kod hatalı')).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: 'SMS kodunun 1. hanesi' })).toHaveValue('');
    expect(await screen.findByText('Ay** Yı***')).toBeInTheDocument();

    await user.click(within(card).getByRole('textbox', { name: 'SMS kodunun 1. hanesi' }));
    await user.paste('1234');
    // The card that held the focus is gone: the focus goes to the success's title.
    expect(await screen.findByRole('heading', { name: 'Kod kullanıldı olarak işaretlendi' })).toHaveFocus();
    expect(screen.getByText('Bahar İndirimi · 24-11-2026 19:05')).toBeInTheDocument();
    const calls = server().to('PUT', '/code-validation/');
    expect(calls).toHaveLength(2);
    expect(bodyOf(calls[1])).toEqual({ campaign_id: spring._id, coupon_code: CODE, otp_code: '1234' });

    // The next code: an empty code field, the campaign kept.
    await user.click(screen.getByRole('button', { name: 'Yeni kod' }));
    expect(screen.getByRole('textbox', { name: /^Kupon kodu/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Kampanya/ })).toHaveTextContent('Bahar İndirimi');
    // Redeeming ended the hold: nothing to let go.
    expect(server().to('DELETE', '/code-validation/hold')).toHaveLength(0);
  });

  it('checks the phone the customer gives against the holder’s before the SMS goes', async () => {
    serveCampaigns();
    server()
      .on('GET', '/code-validation', () => json(found()))
      .on('POST', '/code-validation/sendOtp', ({ body }) =>
        (body as { customer_phone?: string }).customer_phone === '+905321234524'
          ? json({})
          : refusal(400, 'COUPON_HOLDER_PHONE_MISMATCH', 'Bu telefon numarası kodun sahibine ait değil', {
              customer_phone: 'Bu telefon numarası kodun sahibine ait değil',
            }),
      );
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    const card = await resultCard(CODE);
    const phone = within(card).getByRole('textbox', { name: /^Müşterinin söylediği telefon/ });
    await user.type(phone, '12');
    await user.click(within(card).getByRole('button', { name: 'SMS kodu gönder' }));
    expect(await within(card).findByText('Geçerli bir telefon numarası girin')).toBeInTheDocument();
    expect(server().to('POST', '/code-validation/sendOtp')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0532 999 99 99');
    await user.click(within(card).getByRole('button', { name: 'SMS kodu gönder' }));
    expect(await within(card).findByText('Bu telefon numarası kodun sahibine ait değil')).toBeInTheDocument();
    // A mismatch is not a changed code: the result stays.
    expect(within(card).getByText('Ay** Yı***')).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '0532 123 45 24');
    await user.click(within(card).getByRole('button', { name: 'SMS kodu gönder' }));
    expect(await within(card).findByRole('group', { name: 'SMS kodu' })).toBeInTheDocument();
    expect(bodyOf(server().to('POST', '/code-validation/sendOtp')[1])).toEqual({
      campaign_id: spring._id,
      coupon_code: CODE,
      customer_phone: '+905321234524',
    });
  });

  it('asks for a new lookup once the hold has run out', async () => {
    serveCampaigns();
    let hold = new Date(Date.now() - 1000).toISOString();
    server().on('GET', '/code-validation', () => json(found(CODE, { hold_expires_at: hold })));
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    const card = await resultCard(CODE);
    expect(
      within(card).getByText(
        'Kodun bu kasa için ayrılma süresi doldu. Devam etmek için kodu yeniden sorgulayın.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'SMS kodu gönder' })).toBeNull();
    hold = new Date(Date.now() + 300_000).toISOString();
    await user.click(within(card).getByRole('button', { name: 'Yeniden sorgula' }));
    const again = await screen.findByRole('button', { name: 'SMS kodu gönder' });
    expect(again).toBeInTheDocument();
    expect(server().to('GET', '/code-validation')).toHaveLength(2);
  });

  it('drops the result when the code was redeemed elsewhere meanwhile', async () => {
    serveCampaigns();
    server()
      .on('GET', '/code-validation', () => json(found()))
      .on('POST', '/code-validation/sendOtp', () =>
        refusal(409, 'COUPON_CODE_NOT_HELD', 'Kod sorgusunun süresi doldu; lütfen kodu yeniden sorgulayın'),
      );
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    const card = await resultCard(CODE);
    await user.click(within(card).getByRole('button', { name: 'SMS kodu gönder' }));
    expect(
      await screen.findByText('Kod sorgusunun süresi doldu; lütfen kodu yeniden sorgulayın'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Ay** Yı***')).toBeNull();
  });

  it('shows a used code as used, with no SMS step', async () => {
    serveCampaigns();
    server().on('GET', '/code-validation', () =>
      json(
        found(CODE, {
          coupon_status: 'used',
          coupon_used_at: '2026-11-22T08:30:00.000Z',
          hold_expires_at: null,
        }),
      ),
    );
    const { user } = renderApp({ path: PATH, ...clerk });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    const card = await resultCard(CODE);
    expect(within(card).getByText('Kullanıldı')).toBeInTheDocument();
    expect(
      within(card).getByText('Bu kod 22-11-2026 11:30 tarihinde kullanıldı; ikinci kez kullanılamaz.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'SMS kodu gönder' })).toBeNull();
  });

  it('lets the held code go on “Yeni kod” and starts again', async () => {
    serveCampaigns();
    server()
      .on('GET', '/code-validation', () => json(found()))
      .on('DELETE', '/code-validation/hold', () => new Response(null, { status: 204 }));
    const { user } = renderApp({ path: PATH, ...asAdmin });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    const card = await resultCard(CODE);
    await user.click(within(card).getByRole('button', { name: 'Yeni kod' }));
    await waitFor(() => expect(server().to('DELETE', '/code-validation/hold')).toHaveLength(1));
    expect(bodyOf(server().to('DELETE', '/code-validation/hold')[0])).toEqual({
      campaign_id: spring._id,
      coupon_code: CODE,
    });
    expect(screen.queryByText('Ay** Yı***')).toBeNull();
    const field = screen.getByRole('textbox', { name: /^Kupon kodu/ });
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('lets the held code go when the clerk leaves the screen (StrictMode, as the app renders)', async () => {
    serveCampaigns();
    server()
      .on('GET', '/code-validation', () => json(found()))
      .on('DELETE', '/code-validation/hold', () => json({}));
    const { user, router } = renderApp({ path: PATH, ...clerk, strict: true });
    await chooseCampaign(user, /^Bahar İndirimi/);
    await lookUp(user, CODE);
    await resultCard(CODE);
    expect(server().to('DELETE', '/code-validation/hold')).toHaveLength(0);
    await router.navigate('/user/account');
    await waitFor(() => expect(server().to('DELETE', '/code-validation/hold')).toHaveLength(1));
  });

  it('keeps the screen to a role with the code validation module', async () => {
    serveCampaigns();
    renderApp({ path: PATH, signedInAs: { role: roleWith('modules:campaigns:campaigns') } });
    expect(await screen.findByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kupon Kodu Doğrulama' })).toBeNull();
    expect(server().to('GET', '/code-validation/campaigns')).toHaveLength(0);
  });
});
