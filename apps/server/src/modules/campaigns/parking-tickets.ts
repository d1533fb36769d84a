import { Readable } from 'node:stream';
import { parkingTicketInfoColumns } from '@avlu/contracts';
import type { Database } from '../../platform/db/database';
import { invalidFields } from '../../platform/errors';
import type { locationOf } from '../../platform/request-context';
import { zoneOffset } from '../../platform/time-zones';
import { couponReportWhere, exportRows, poolCampaign } from './coupons.service';

type Mall = ReturnType<typeof locationOf>;

const two = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 on the mall's wall clock with its offset (`2026-12-01T14:30:00+03:00`), as ticket systems read times. */
const inZone = (timeZone: string) => {
  const offsetAt = zoneOffset(timeZone);
  return (date: Date) => {
    const offset = offsetAt(date.getTime());
    const minutes = Math.abs(offset) / 60_000;
    const sign = offset < 0 ? '-' : '+';
    const wall = new Date(date.getTime() + offset).toISOString().slice(0, 19);
    return `${wall}${sign}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
  };
};

/**
 * The lines of `GET /skidata/ticket/info`: a header, then each code handed out (given, expired) with
 * when it was given and until when the car park honours it (its own expiry, else the campaign's end).
 * Codes still ready are left out, so the car park honours only codes a customer holds; no personal
 * data is written, the car park needs none.
 */
async function* ticketLines(db: Database, mall: Mall, campaign: { _id: string; campaign_end_date: Date }) {
  const time = inZone(mall.location_meta.timezone);
  yield `${parkingTicketInfoColumns.join(';')}\r\n`;
  let lines: string[] = [];
  for await (const row of exportRows(db, couponReportWhere(campaign._id, {}), ['handed out'])) {
    const until = row.coupon_expires_at ?? campaign.campaign_end_date;
    lines.push(
      `${row.coupon_code};${row.coupon_status};${row.coupon_given_at ? time(row.coupon_given_at) : ''};${time(until)}\r\n`,
    );
    if (lines.length === 1000) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

/**
 * `GET /skidata/ticket/info?campaignId` (spec §7 "Campaigns"): a parking campaign's codes for the
 * car park's ticket system, as a semicolon-separated UTF-8 CSV streamed in keyset pages. The codes
 * came from that system (imported into the pool); this file tells it which were handed out. Another
 * type of campaign is refused naming `campaignId`; another mall's is not found.
 */
export const parkingTicketFile = async (db: Database, mall: Mall, campaignId: string) => {
  const campaign = await poolCampaign(db, mall._id, campaignId);
  if (campaign.campaign_type !== 'parking') throw invalidFields({ campaignId: 'campaignNotParking' });
  return {
    filename: `skidata-${campaign._id}.csv`,
    body: Readable.from(ticketLines(db, mall, campaign)),
  };
};
