import type { Logger } from 'pino';
import type { SmsConfig } from '../config';
import { AppError } from '../errors';
import { maskPhone } from '../log-masking';
import type { SmsSender } from './sms';

export type SmsGatewayConfig = NonNullable<SmsConfig['gateway']>;

/**
 * A sign-in code is sent while the customer waits for the answer: a gateway that stops answering
 * must fail the request in seconds, not hold it (and its connection) for minutes.
 */
const TIMEOUT_MS = 10_000;

/** The path of NetGSM's JSON send call under the gateway's base address (SMS_GATEWAY_URL). */
export const NETGSM_SEND_PATH = '/sms/rest/v2/send';

/** NetGSM's JSON delivery report call (by job id), used by the marketing bulk driver. */
export const NETGSM_REPORT_PATH = '/sms/rest/v2/report';

/** NetGSM's credit query (credentials in the JSON body), used to show a bulk account's credit. */
export const NETGSM_BALANCE_PATH = '/balance';

/**
 * The answer of NetGSM's REST v2 calls: code '00' (and a job id for a send) when accepted, else a
 * code and a description. Shared with the marketing bulk driver (modules/marketing/drivers).
 */
export type NetgsmAnswer = { code?: string; jobid?: string; description?: string };

/** Reads a NetGSM answer body; undefined when it is not a JSON object. Values are cut to 200 characters. */
export const readNetgsmAnswer = (body: string): NetgsmAnswer | undefined => {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return undefined;
    const { code, jobid, description } = value as Record<string, unknown>;
    const text = (item: unknown) =>
      typeof item === 'string' || typeof item === 'number' ? String(item).slice(0, 200) : undefined;
    return { code: text(code), jobid: text(jobid), description: text(description) };
  } catch {
    return undefined;
  }
};

/** A NetGSM call's address under the account's base address, which may end in a slash or have a path. */
export const netgsmEndpoint = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

/**
 * A date as NetGSM's REST v2 report reads and writes it: dd.MM.yyyy HH:mm:ss in Turkey's time
 * (Europe/Istanbul, UTC+3 all year since 2016).
 */
export const netgsmDate = (date: Date) => {
  const turkey = new Date(date.getTime() + 3 * 3_600_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(turkey.getUTCDate())}.${two(turkey.getUTCMonth() + 1)}.${turkey.getUTCFullYear()} ${two(
    turkey.getUTCHours(),
  )}:${two(turkey.getUTCMinutes())}:${two(turkey.getUTCSeconds())}`;
};

/** NetGSM's REST v2 authentication: HTTP Basic with the API user and its password (UTF-8). */
export const netgsmAuthorization = (account: { user: string; password: string }) =>
  `Basic ${Buffer.from(`${account.user}:${account.password}`, 'utf8').toString('base64')}`;

/**
 * SMS through NetGSM's REST v2 API, the bulk SMS provider most Turkish businesses use: one POST of
 * JSON with HTTP Basic authentication per message. The text goes with `encoding: 'TR'`, so Turkish
 * letters arrive as written, and `iysfilter: '0'`: sign-in codes are informational messages, which
 * the commercial-message register (İYS) does not cover.
 *
 * Every failure (no connection, no answer in time, an HTTP error, a code other than '00') is logged
 * with the provider's code and description, never the text (it holds sign-in codes) nor the
 * password, and throws AppError SMS_NOT_SENT (503).
 */
export const gatewaySms = (
  gateway: SmsGatewayConfig,
  logger: Logger | undefined,
  options: { timeoutMs?: number } = {},
): SmsSender => {
  const endpoint = netgsmEndpoint(gateway.url, NETGSM_SEND_PATH);
  const authorization = netgsmAuthorization(gateway);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const notSent = () => new AppError('SMS_NOT_SENT', 503);
  return {
    kind: 'gateway',
    async send(message) {
      const body = JSON.stringify({
        msgheader: gateway.sender,
        encoding: 'TR',
        iysfilter: '0',
        // E.164 without its '+': 905321234567.
        messages: [{ msg: message.text, no: message.to.replace(/^\+/, '') }],
      });
      let status: number;
      let answer: NetgsmAnswer | undefined;
      try {
        // The signal bounds the whole exchange: connecting, the headers and reading the body.
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json; charset=utf-8',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        status = response.status;
        answer = readNetgsmAnswer(await response.text());
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        const cause = (failure.cause as { code?: unknown } | undefined)?.code;
        logger?.error(
          {
            to: maskPhone(message.to),
            error: failure.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : failure.message,
            ...(typeof cause === 'string' && { cause }),
          },
          'SMS gateway unreachable',
        );
        throw notSent();
      }
      if (status >= 200 && status < 300 && answer?.code === '00') {
        logger?.info({ to: maskPhone(message.to), jobId: answer.jobid }, 'SMS handed to the gateway');
        return;
      }
      logger?.error(
        { to: maskPhone(message.to), status, code: answer?.code, description: answer?.description },
        answer ? 'SMS gateway refused the message' : 'SMS gateway answered without a code',
      );
      throw notSent();
    },
  };
};
