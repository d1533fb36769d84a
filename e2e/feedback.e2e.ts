import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';
import { adminToken, api, firstMall } from './support/micro-site';

const stamp = String(Date.now()).slice(-5);
const EMAIL = `geri.bildirim.${stamp}@example.com`;
const TITLE = `Otopark tabelaları ${stamp}`;
const ANSWER_TITLE = `Otopark yanıtımız ${stamp}`;

/**
 * Issue 17's feedback journey against the real built server: a visitor's named feedback is in the
 * list; the system admin opens it, marks it viewed and answers by email; the local SMTP server gets
 * the answer and the feedback shows informed, with the answer under it.
 */
describe('feedback journey', () => {
  let staff: Browser;
  let feedbackId: string;

  beforeAll(async () => {
    const token = await adminToken();
    const mall = await firstMall(token);
    const types = await api<{ _id: string; feedback_type_is_active: boolean }[]>(
      `/feedback-types?locationId=${mall._id}`,
      { token },
    );
    const created = await api<{ _id: string }>(`/core/feedback?locationId=${mall._id}`, {
      token,
      method: 'POST',
      body: {
        feedback_title: TITLE,
        feedback_anonymous: false,
        feedback_name: 'Deniz',
        feedback_surname: 'Kaya',
        feedback_email: EMAIL,
        feedback_type: types.find((type) => type.feedback_type_is_active)!._id,
        feedback_text: 'B2 katındaki yönlendirme tabelaları karanlıkta okunmuyor.',
      },
    });
    feedbackId = created._id;
    staff = await openBrowser();
    await staff.signIn();
  });
  afterAll(async () => {
    await staff?.close();
  });
  // What the page showed when a step failed, to look at after the run.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await staff?.screenshot(`feedback-failed-${task.id}`);
  });

  it('lists the feedback and opens it', async () => {
    const { page } = staff;
    await staff.open('/feedbacks/list?status=new');
    await page.getByRole('heading', { name: 'Geri Bildirimler' }).waitFor();
    await page.getByRole('gridcell', { name: TITLE, exact: true }).waitFor();
    await staff.screenshot('feedback-list');
    await expectAccessible(page, 'feedback list');
    await page.getByRole('gridcell', { name: TITLE, exact: true }).click();
    await page.waitForURL(`**/feedbacks/${feedbackId}`);
    await page.getByText('B2 katındaki yönlendirme tabelaları karanlıkta okunmuyor.').waitFor();
    await page.getByRole('button', { name: 'Görüldü olarak işaretle' }).click();
    await page.getByText('Geri bildirim görüldü olarak işaretlendi.').waitFor();
    await page.getByText('Görüldü', { exact: true }).waitFor();
  });

  it('answers by email: the local mailbox gets it and the feedback is informed', async () => {
    const { page } = staff;
    await page.getByRole('button', { name: 'E-posta ile yanıtla' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-posta ile yanıtla' });
    await dialog.getByText('bu geri alınamaz').waitFor();
    await dialog.getByRole('textbox', { name: 'E-posta konusu' }).fill(ANSWER_TITLE);
    await dialog
      .getByRole('textbox', { name: 'E-posta metni' })
      .fill(
        'Merhaba Deniz Hanım,\n\nTabelaları aydınlatmalı olanlarla değiştirdik. İlginiz için teşekkürler.',
      );
    await staff.screenshot('feedback-reply-mail');
    await expectAccessible(page, 'feedback reply dialog');
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('Yanıt gönderildi; müşteri bilgilendirildi.').waitFor();
    const mail = await waitForMail(
      inject('mailDir'),
      EMAIL,
      new RegExp(`Otopark yan=C4=B1t=C4=B1m=C4=B1z|${ANSWER_TITLE}|Tabelalar`),
    );
    // The mail's body travels quoted-printable in UTF-8; its ASCII words are read as they are.
    expect(mail.text).toContain('Merhaba Deniz Han');
    expect(mail.raw).toContain('Otopark_yan');
    await page.getByText('Bilgilendirildi', { exact: true }).waitFor();
    await page.getByText(ANSWER_TITLE).waitFor();
    await staff.screenshot('feedback-informed');
  });
});
