import type { Location } from '@avlu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { codeValidationFixtures } from './code-validation.fixtures';
import { couponCodeHolds } from './code-validation.tables';
import { couponCodes } from './coupons.tables';

/**
 * Redemptions racing each other (issue 13: "a code is redeemed exactly once however many clerks try
 * at once"), on PostgreSQL, which runs them really at once. Codes are sent to 50 phones of one
 * number range from the clerks' addresses, so those caps are raised; the rest are the defaults.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent redemptions', () => {
  const ctx = useTestApp({
    config: {
      sms: {
        ...testConfig().sms,
        codesPerPrefixPerHour: 1000,
        codesPerAddressPerHour: 1000,
        codesPerNetworkPerHour: 1000,
      },
    },
  });
  const { newCampaign, newCode, newClerk, lookUp, sendOtp, redeem, lastOtp } = codeValidationFixtures(ctx);
  let mall: Location;
  beforeAll(async () => {
    mall = await ctx.newLocation();
  });

  const usedRows = (ids: string[]) =>
    ctx.database.db
      .select()
      .from(couponCodes)
      .where(and(inArray(couponCodes._id, ids), eq(couponCodes.coupon_status, 'used')));
  const redemptionAudits = (ids: string[]) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.redeemed'), inArray(auditLog.entity_id, ids)));

  it('20 redemptions of one code by its holding clerk at once: one succeeds, the others hear it is used', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const clerk = await newClerk(mall._id);
    expect((await lookUp(clerk, mall._id, campaign._id, code.coupon_code)).statusCode).toBe(200);
    expect((await sendOtp(clerk, mall._id, campaign._id, code.coupon_code)).statusCode).toBe(200);
    const otp = await lastOtp(code.customer!.customer_phone);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => redeem(clerk, mall._id, campaign._id, code.coupon_code, otp)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((response) => response.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('COUPON_CODE_USED');
    }
    expect(await usedRows([code._id])).toHaveLength(1);
    expect(await redemptionAudits([code._id])).toHaveLength(1);
  });

  it('200 redemptions over 50 codes at once: each code is redeemed exactly once', async () => {
    const campaign = await newCampaign(mall._id);
    const codes = await Promise.all(Array.from({ length: 50 }, () => newCode(campaign)));
    // Two clerks (a clerk's lookups are limited per minute), each code from an address of its own.
    const clerks = [await newClerk(mall._id), await newClerk(mall._id)];
    const tills = codes.map((code, index) => ({
      code,
      clerk: { ...clerks[index % 2]!, ip: `203.0.113.${index + 1}` },
    }));
    for (const { code, clerk } of tills) {
      expect((await lookUp(clerk, mall._id, campaign._id, code.coupon_code)).statusCode).toBe(200);
      expect((await sendOtp(clerk, mall._id, campaign._id, code.coupon_code)).statusCode).toBe(200);
    }
    const otps = await Promise.all(tills.map(({ code }) => lastOtp(code.customer!.customer_phone)));
    // Four tries of each code, shuffled together.
    const attempts = tills.flatMap((till, index) =>
      Array.from({ length: 4 }, () => ({ ...till, otp: otps[index]! })),
    );
    for (let i = attempts.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [attempts[i], attempts[j]] = [attempts[j]!, attempts[i]!];
    }
    const responses = await Promise.all(
      attempts.map(({ clerk, code, otp }) => redeem(clerk, mall._id, campaign._id, code.coupon_code, otp)),
    );
    const wins = new Map<string, number>();
    responses.forEach((response, index) => {
      if (response.statusCode === 200) {
        const value = attempts[index]!.code.coupon_code;
        wins.set(value, (wins.get(value) ?? 0) + 1);
      } else {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().code).toBe('COUPON_CODE_USED');
      }
    });
    expect(wins.size).toBe(50);
    expect([...wins.values()].every((count) => count === 1)).toBe(true);
    const ids = codes.map((code) => code._id);
    const used = await usedRows(ids);
    expect(used).toHaveLength(50);
    for (const row of used) expect(clerks.map((clerk) => clerk._id)).toContain(row.coupon_used_by);
    expect(await redemptionAudits(ids)).toHaveLength(50);
    expect(
      await ctx.database.db
        .select()
        .from(couponCodeHolds)
        .where(inArray(couponCodeHolds.coupon_code_id, ids)),
    ).toHaveLength(0);
  });

  it('two clerks looking one code up at once: one holds it, the other hears it is held', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const clerks = await Promise.all(Array.from({ length: 10 }, () => newClerk(mall._id)));
    const responses = await Promise.all(
      clerks.map((clerk) => lookUp(clerk, mall._id, campaign._id, code.coupon_code)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = clerks[responses.findIndex((response) => response.statusCode === 200)]!;
    const [hold] = await ctx.database.db
      .select()
      .from(couponCodeHolds)
      .where(eq(couponCodeHolds.coupon_code_id, code._id));
    expect(hold!.admin_id).toBe(winner._id);
  });
});
