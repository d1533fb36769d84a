import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { isPdf } from '../agreements/agreements.admin';
import { seedDemoAgreements } from '../agreements/agreements.demo';
import { agreements } from '../agreements/agreements.tables';
import { insertCampaign } from '../campaigns/campaign.fixtures';
import { seedDemoQrCodes } from './qr-codes.demo';
import { qrCodeScans, qrCodes } from './qr-codes.tables';

const ctx = useTestApp();

describe('the demo QR codes and agreements', () => {
  it('seed codes whose counts are their scans, and one text of each type and target in use with real PDFs', async () => {
    const mall = await ctx.newLocation({ location_name: 'Demo AVM' });
    const campaignIds: string[] = [];
    for (let index = 0; index < 3; index++)
      campaignIds.push((await insertCampaign(ctx.database.db, mall._id))._id);
    const db = ctx.database.db;
    await db.transaction(async (tx) => {
      await seedDemoQrCodes(tx, mall._id, campaignIds);
      await seedDemoAgreements(tx, ctx.app.files, mall._id, mall.location_name);
    });
    const codes = await db.select().from(qrCodes).where(eq(qrCodes.location_id, mall._id));
    expect(codes).toHaveLength(4);
    for (const code of codes) {
      expect(code.qr_code_title).not.toMatch(/\s/);
      expect(code.qr_code_title.length).toBeLessThanOrEqual(50);
      const scans = await db.select().from(qrCodeScans).where(eq(qrCodeScans.qr_code_id, code._id));
      expect(code.qr_code_scan_count).toBe(scans.length);
    }
    expect(codes.filter((code) => code.qr_code_scan_count > 100)).toHaveLength(3);
    const texts = await db.select().from(agreements).where(eq(agreements.location_id, mall._id));
    expect(texts).toHaveLength(5);
    const inUse = texts.filter((text) => text.agreement_in_use);
    expect(new Set(inUse.map((text) => `${text.agreement_type}/${text.agreement_target}`)).size).toBe(
      inUse.length,
    );
    const [terms] = await db
      .select()
      .from(agreements)
      .where(
        and(
          eq(agreements.location_id, mall._id),
          eq(agreements.agreement_type, 'terms_and_conditions'),
          eq(agreements.agreement_in_use, true),
        ),
      );
    for (const url of [terms!.agreement_text_pdf_tr, terms!.agreement_text_pdf_en]) {
      const file = await ctx.app.inject({ method: 'GET', url: url! });
      expect(file.statusCode).toBe(200);
      expect(isPdf(file.rawPayload)).toBe(true);
    }
  });
});
