import type { Logger } from 'pino';
import {
  NETGSM_BALANCE_PATH,
  NETGSM_REPORT_PATH,
  NETGSM_SEND_PATH,
  netgsmAuthorization,
  netgsmDate,
  netgsmEndpoint,
  readNetgsmAnswer,
} from '../../../platform/sms/gateway-sms';
import { providerCall } from './http';
import { ProviderError, parseRetryAfter } from './provider-error';
import { type Clock, systemClock, type Throttle } from './throttle';

const PROVIDER = 'NetGSM';

/** A NetGSM account as dispatch gets it (from the mall's stored provider account, later). */
export type NetgsmAccount = {
  /** The API's base address: https://api.netgsm.com.tr, or a local server in tests. */
  url: string;
  /** The API user (usually the subscriber number) and its password. */
  user: string;
  password: string;
  /** The approved sender name (msgheader), at most 11 characters. */
  sender: string;
  /** NetGSM's optional application name, sent as `appname`. */
  appname?: string;
};

/** One message of a batch: the number in E.164 (+905321234567) and its own text. */
export type BulkSms = { to: string; text: string };

/**
 * What a message is, for Turkey's commercial-message register (İYS), which NetGSM checks when told
 * to: `iysfilter` '0' for an informational message (not covered by İYS: sent whatever the register
 * says), '11' for a commercial message to individuals and '12' to merchants (NetGSM drops a number
 * the register has no consent for, reported as status 16).
 */
export type SmsPurpose =
  | { kind: 'informational' }
  | { kind: 'commercial'; recipients: 'individual' | 'merchant' };

export const iysFilterOf = (purpose: SmsPurpose): '0' | '11' | '12' =>
  purpose.kind === 'informational' ? '0' : purpose.recipients === 'individual' ? '11' : '12';

/**
 * What a batch came to: the job id of the messages handed over (none when every one was refused
 * before the call), how many went, and the messages refused here for good, each with its reason.
 */
export type SmsBatchReceipt = {
  jobId: string | undefined;
  count: number;
  refused: { message: BulkSms; code: 'INVALID_NUMBER' | 'EMPTY_TEXT' }[];
};

/** E.164: '+', a country code not starting with 0, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

export type SmsDeliveryState = 'pending' | 'delivered' | 'failed' | 'opted-out';

export type SmsDeliveryReport = {
  jobId: string;
  /** The number in E.164. */
  to: string;
  state: SmsDeliveryState;
  /** NetGSM's status code (see NETGSM_DELIVERY_STATUS) and error code. */
  status: number;
  errorCode?: number;
  /** Why it failed, in words of ours, when it did. */
  reason?: string;
  /** The SMS parts NetGSM counted (its `msglen`). */
  parts?: number;
  /** When the handset received it, as NetGSM wrote it (dd.MM.yyyy HH:mm:ss, Turkey's time). */
  deliveredAt?: string;
};

/** A bulk SMS provider as dispatch uses it: batches of messages, and the delivery report of a batch. */
export interface BulkSmsDriver {
  /** At most this many messages a send call. */
  readonly batchSize: number;
  /**
   * Hands a batch over; throws a ProviderError when it was not (or may not have been) taken. A
   * message NetGSM would refuse the whole call for (a number not in E.164, an empty text) is left
   * out of the call and answered in `refused`, so one bad row does not sink its batch.
   */
  sendBatch(messages: readonly BulkSms[], purpose: SmsPurpose): Promise<SmsBatchReceipt>;
  /**
   * What became of each message of a batch; empty while the provider has no report yet. `sentAt`
   * (when the batch was handed over) bounds the search: NetGSM requires a date range.
   */
  report(jobId: string, options: { sentAt: Date }): Promise<SmsDeliveryReport[]>;
  /**
   * The account's remaining credit in TL, for the provider accounts' state (spec §3 dashboard
   * data); throws a ProviderError (scope 'account' for wrong credentials).
   */
  credit(): Promise<number>;
}

/**
 * NetGSM's delivery statuses (REST v2 report `status`) and what dispatch makes of them. 16 is the
 * register's refusal: the customer opted out at İYS, which the report shows apart.
 */
export const NETGSM_DELIVERY_STATUS: Record<number, { state: SmsDeliveryState; reason?: string }> = {
  0: { state: 'pending' },
  1: { state: 'delivered' },
  2: { state: 'failed', reason: 'expired' },
  3: { state: 'failed', reason: 'invalid-number' },
  4: { state: 'failed', reason: 'not-sent' },
  11: { state: 'failed', reason: 'refused-by-operator' },
  12: { state: 'failed', reason: 'delivery-error' },
  13: { state: 'failed', reason: 'duplicate' },
  14: { state: 'failed', reason: 'no-credit' },
  15: { state: 'failed', reason: 'blacklisted' },
  16: { state: 'opted-out', reason: 'iys-refused' },
  17: { state: 'failed', reason: 'iys-error' },
};

/**
 * NetGSM's answer codes (send and report) and whether trying again can help: a text, parameter,
 * credential, sender or İYS-brand problem stays until someone changes the account or the message;
 * the rate limits ('80': too many sends, or more than 10 report queries a minute; '85': more than 20
 * jobs for one number in a minute) and system errors pass.
 */
const NETGSM_CODES: Record<
  string,
  { retryable: boolean; scope: 'batch' | 'account'; retryAfterMs?: number }
> = {
  '20': { retryable: false, scope: 'batch' },
  '30': { retryable: false, scope: 'account' },
  '40': { retryable: false, scope: 'account' },
  '50': { retryable: false, scope: 'account' },
  '51': { retryable: false, scope: 'account' },
  '70': { retryable: false, scope: 'batch' },
  '80': { retryable: true, scope: 'batch' },
  '85': { retryable: true, scope: 'batch', retryAfterMs: 60_000 },
  '100': { retryable: true, scope: 'batch' },
  '101': { retryable: true, scope: 'batch' },
  '110': { retryable: true, scope: 'batch' },
  '5000': { retryable: true, scope: 'batch' },
};

/**
 * The failure an HTTP answer that is not a success stands for. With a NetGSM code: as the code
 * says (an unknown code is permanent: the provider refused and says nothing more). Without one
 * (a proxy or rate limiter answered): 429 and 5xx may be tried again, 504 in doubt (the gateway
 * may have passed the call on before it gave up); 401/403 are the account's; any other is permanent.
 */
export const netgsmFailure = (status: number, body: string, retryAfter: string | null, now: number) => {
  const answer = readNetgsmAnswer(body);
  const retryAfterMs = parseRetryAfter(retryAfter, now);
  if (answer?.code) {
    const known = NETGSM_CODES[answer.code];
    return new ProviderError(PROVIDER, {
      code: answer.code,
      retryable: known?.retryable ?? false,
      scope: known?.scope ?? 'batch',
      status,
      retryAfterMs: retryAfterMs ?? known?.retryAfterMs,
      description: answer.description,
    });
  }
  const retryable = status === 429 || status >= 500;
  return new ProviderError(PROVIDER, {
    code: `HTTP_${status}`,
    retryable,
    scope: status === 401 || status === 403 ? 'account' : 'batch',
    inDoubt: status === 504,
    status,
    retryAfterMs,
  });
};

/** The items in batches of at most `size`, in order (dispatch's batches for sendBatch). */
export const inBatches = <T>(items: readonly T[], size: number): T[][] => {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
};

/** '+905321234567' → '905321234567', as NetGSM takes numbers. */
const netgsmNumber = (e164: string) => e164.replace(/^\+/, '');

/** A number as NetGSM's report writes it (5321234567, 905321234567 or 0532…) back in E.164. */
export const e164FromNetgsm = (number: string) => {
  const digits = number.replace(/\D/g, '');
  if (/^5\d{9}$/.test(digits)) return `+90${digits}`;
  if (/^05\d{9}$/.test(digits)) return `+9${digits}`;
  return `+${digits}`;
};

const REPORT_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

/**
 * NetGSM's REST v2 bulk SMS: `POST /sms/rest/v2/send` with `messages: [{ msg, no }, …]` (many
 * numbers a call, each its own text), HTTP Basic authentication, the sender as `msgheader`,
 * `encoding: 'TR'` (Turkish letters through the single shift table, see contracts' sms-parts) and
 * the İYS filter of the purpose; answered `{ code: '00', jobid }`. The delivery report is
 * `POST /sms/rest/v2/report` with `{ jobids: [jobid], startdate, stopdate, pagenumber, pagesize }`
 * (dates dd.MM.yyyy HH:mm:ss, Turkey's time, both required),
 * answered `{ code: '00', jobs: [{ jobid, number, status, operator, msglen, deliveredDate,
 * errorCode }] }` a page of at most 100 at a time, or code '60' when there is nothing (yet).
 *
 * Every send waits its turn on the account's throttle (counting the batch's messages); the report
 * waits on its own (NetGSM answers 10 report queries a minute). Nothing is retried here: a failure
 * is thrown as a ProviderError for dispatch to retry (withRetry) or record.
 */
export const netgsmBulkSms = (
  account: NetgsmAccount,
  options: {
    batchSize?: number;
    throttle?: Throttle;
    reportThrottle?: Throttle;
    timeoutMs?: number;
    clock?: Clock;
    logger?: Logger;
  } = {},
): BulkSmsDriver => {
  const batchSize = options.batchSize ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clock = options.clock ?? systemClock;
  const headers = {
    authorization: netgsmAuthorization(account),
    'content-type': 'application/json; charset=utf-8',
    accept: 'application/json',
  };
  const appname = account.appname ? { appname: account.appname } : {};

  return {
    batchSize,

    async sendBatch(messages, purpose) {
      if (messages.length === 0 || messages.length > batchSize)
        throw new RangeError(`a NetGSM batch holds 1 to ${batchSize} messages, got ${messages.length}`);
      const refused: SmsBatchReceipt['refused'] = [];
      const sendable: BulkSms[] = [];
      for (const message of messages) {
        if (!E164.test(message.to)) refused.push({ message, code: 'INVALID_NUMBER' });
        else if (message.text.trim() === '') refused.push({ message, code: 'EMPTY_TEXT' });
        else sendable.push(message);
      }
      if (sendable.length === 0) return { jobId: undefined, count: 0, refused };
      await options.throttle?.take(sendable.length);
      const answer = await providerCall(PROVIDER, netgsmEndpoint(account.url, NETGSM_SEND_PATH), {
        headers,
        timeoutMs,
        body: JSON.stringify({
          msgheader: account.sender,
          encoding: 'TR',
          iysfilter: iysFilterOf(purpose),
          ...appname,
          messages: sendable.map((message) => ({ msg: message.text, no: netgsmNumber(message.to) })),
        }),
      });
      const parsed = readNetgsmAnswer(answer.body);
      if (answer.status >= 200 && answer.status < 300 && parsed?.code === '00') {
        if (!parsed.jobid)
          // Taken, but without the id its report is found by: sent, and nothing more known.
          throw new ProviderError(PROVIDER, {
            code: 'NO_JOB_ID',
            retryable: false,
            scope: 'batch',
            inDoubt: true,
            status: answer.status,
          });
        options.logger?.info({ jobId: parsed.jobid, count: sendable.length }, 'SMS batch handed to NetGSM');
        return { jobId: parsed.jobid, count: sendable.length, refused };
      }
      const failure = netgsmFailure(
        answer.status,
        answer.body,
        answer.headers.get('retry-after'),
        clock.now(),
      );
      options.logger?.warn(
        {
          count: sendable.length,
          status: answer.status,
          code: failure.code,
          description: failure.description,
        },
        'NetGSM refused an SMS batch',
      );
      throw failure;
    },

    async credit() {
      // NetGSM's credit query takes the credentials in its body, not in HTTP Basic.
      const answer = await providerCall(PROVIDER, netgsmEndpoint(account.url, NETGSM_BALANCE_PATH), {
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        timeoutMs,
        body: JSON.stringify({
          usercode: account.user,
          password: account.password,
          stip: 2,
          ...(account.appname && { appkey: account.appname }),
        }),
      });
      const parsed = readNetgsmAnswer(answer.body);
      let balance: unknown;
      try {
        balance = (JSON.parse(answer.body) as { balance?: unknown }).balance;
      } catch {}
      const credit =
        typeof balance === 'number'
          ? balance
          : typeof balance === 'string'
            ? Number(balance.trim().replace(',', '.'))
            : Number.NaN;
      if (answer.status >= 200 && answer.status < 300 && parsed?.code === '00' && Number.isFinite(credit))
        return credit;
      throw netgsmFailure(answer.status, answer.body, answer.headers.get('retry-after'), clock.now());
    },

    async report(jobId, { sentAt }) {
      const reports: SmsDeliveryReport[] = [];
      // From an hour before the send (clocks differ) to past the 3 days reports are read for (§9).
      const window = {
        startdate: netgsmDate(new Date(sentAt.getTime() - 3_600_000)),
        stopdate: netgsmDate(new Date(sentAt.getTime() + 4 * DAY_MS)),
      };
      for (let page = 0; ; page += 1) {
        await options.reportThrottle?.take(1);
        const answer = await providerCall(PROVIDER, netgsmEndpoint(account.url, NETGSM_REPORT_PATH), {
          headers,
          timeoutMs,
          body: JSON.stringify({
            ...appname,
            jobids: [jobId],
            ...window,
            pagenumber: page,
            pagesize: REPORT_PAGE_SIZE,
          }),
        });
        const parsed = readNetgsmAnswer(answer.body);
        // Code 60: no (more) records, which is also what a job not yet reported answers.
        if (parsed?.code === '60') return reports;
        if (answer.status < 200 || answer.status >= 300 || parsed?.code !== '00')
          // A report query sends nothing: trying it again is never in doubt.
          throw netgsmFailure(answer.status, answer.body, answer.headers.get('retry-after'), clock.now());
        const rows = reportRows(answer.body);
        for (const row of rows) {
          const known = NETGSM_DELIVERY_STATUS[row.status] ?? {
            state: 'failed',
            reason: `status-${row.status}`,
          };
          reports.push({
            jobId: row.jobid ?? jobId,
            to: e164FromNetgsm(row.number),
            state: known.state,
            status: row.status,
            ...(row.errorCode ? { errorCode: row.errorCode } : {}),
            ...(known.reason && { reason: known.reason }),
            ...(row.msglen !== undefined && { parts: row.msglen }),
            ...(row.deliveredDate && { deliveredAt: row.deliveredDate }),
          });
        }
        if (rows.length < REPORT_PAGE_SIZE) return reports;
      }
    },
  };
};

type ReportRow = {
  jobid?: string;
  number: string;
  status: number;
  msglen?: number;
  errorCode?: number;
  deliveredDate?: string;
};

/** The rows of a report answer; a row without a number or a status is left out. */
const reportRows = (body: string): ReportRow[] => {
  const value = JSON.parse(body) as { jobs?: unknown };
  if (!Array.isArray(value.jobs)) return [];
  const rows: ReportRow[] = [];
  const integer = (item: unknown) => {
    const number = typeof item === 'string' && item !== '' ? Number(item) : item;
    return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
  };
  for (const job of value.jobs as Record<string, unknown>[]) {
    const status = integer(job?.status);
    const number =
      typeof job?.number === 'string' || typeof job?.number === 'number' ? String(job.number) : '';
    if (status === undefined || number === '') continue;
    rows.push({
      jobid: typeof job.jobid === 'string' || typeof job.jobid === 'number' ? String(job.jobid) : undefined,
      number,
      status,
      msglen: integer(job.msglen),
      errorCode: integer(job.errorCode),
      deliveredDate:
        typeof job.deliveredDate === 'string' && job.deliveredDate !== '' ? job.deliveredDate : undefined,
    });
  }
  return rows;
};
