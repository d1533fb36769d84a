import type { SegmentFilter } from '@avlu/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { customerColumns, factColumns, segmentWhere } from './segment-sql';

const dialect = new PgDialect();
const render = (filter: SegmentFilter | undefined, columns = customerColumns) => {
  const where = segmentWhere(filter, { today: '2026-01-15', columns });
  return where === undefined ? undefined : dialect.sqlToQuery(where);
};

describe('segmentWhere', () => {
  it('restricts nothing without conditions, or with only empty groups', () => {
    expect(render(undefined)).toBeUndefined();
    expect(render([])).toBeUndefined();
    expect(render([{ field: 'group', op: 'or', conditions: [] }])).toBeUndefined();
  });

  it('binds every value as a parameter', () => {
    const query = render([{ field: 'province', in: ["İstanbul'; drop table customers; --"] }]);
    expect(query?.sql).toBe('"customers"."customer_province" in ($1)');
    expect(query?.params).toEqual(["İstanbul'; drop table customers; --"]);
  });

  it('combines top-level conditions with AND and groups with their own operator', () => {
    const query = render([
      { field: 'gender', in: ['female', 'unknown'] },
      {
        field: 'group',
        op: 'or',
        conditions: [
          { field: 'consent', type: 'sms', value: true },
          { field: 'has_vehicle', value: true },
        ],
      },
    ]);
    expect(query?.sql).toBe(
      '("customers"."customer_gender" in ($1, $2) and ("customers"."customer_sms_permission" = $3 or ("customers"."customer_vehicle_plate" is not null) = $4))',
    );
    expect(query?.params).toEqual(['female', 'unknown', true, true]);
  });

  it('turns an age range into birth-date bounds from the mall’s today, so the birth-date column can be indexed', () => {
    const query = render([{ field: 'age', min: 18, max: 30 }]);
    expect(query?.sql).toBe(
      '("customers"."customer_birthdate" <= ($1::date - make_interval(years => $2))::date and "customers"."customer_birthdate" > ($3::date - make_interval(years => $4))::date)',
    );
    expect(query?.params).toEqual(['2026-01-15', 18, '2026-01-15', 31]);
  });

  it('reads birthday months and registration days from their columns', () => {
    expect(render([{ field: 'birthday_month', in: [1, 12] }])?.sql).toBe(
      'extract(month from "customers"."customer_birthdate")::smallint in ($1, $2)',
    );
    expect(render([{ field: 'registered_at', min: '2026-01-01', max: '2026-01-31' }])?.sql).toBe(
      '("customers"."created_at" >= $1::date and "customers"."created_at" < $2::date + 1)',
    );
  });

  it('treats a missing parent flag as not a parent', () => {
    expect(render([{ field: 'is_parent', value: false }])?.sql).toBe(
      '"customers"."customer_is_parent" is not true',
    );
  });

  it('reads loyalty conditions from the customer’s balance row and approved receipts, by customer id on either table', () => {
    const query = render(
      [
        { field: 'point_balance', min: 100 },
        { field: 'receipts', from: '2026-01-01', count: { min: 2 } },
      ],
      factColumns,
    );
    expect(query?.sql).toBe(
      '(coalesce((select "point_balances"."point_balance" from "point_balances" where "point_balances"."customer_id" = "customer_facts"."customer_id"), 0) >= $1 and (select count(*) from "receipts" where ("receipts"."customer_id" = "customer_facts"."customer_id" and "receipts"."receipt_status" = $2 and "receipts"."receipt_day" >= $3)) >= $4)',
    );
    expect(query?.params).toEqual([100, 'approved', '2026-01-01', 2]);
    expect(render([{ field: 'receipts' }])?.sql).toBe(
      'exists (select 1 from "receipts" where ("receipts"."customer_id" = "customers"."_id" and "receipts"."receipt_status" = $1))',
    );
  });

  it('reads the same conditions from customer_facts, with the stored month and vehicle flag', () => {
    const query = render(
      [
        { field: 'birthday_month', in: [5] },
        { field: 'has_vehicle', value: false },
        { field: 'consent', type: 'kvkk', value: true },
      ],
      factColumns,
    );
    expect(query?.sql).toBe(
      '("customer_facts"."customer_birth_month" in ($1) and "customer_facts"."customer_has_vehicle" = $2 and "customer_facts"."customer_kvkk_permission" = $3)',
    );
    expect(query?.params).toEqual([5, false, true]);
  });
});
