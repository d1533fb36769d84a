/**
 * How a marketing provider's refusal or failure is told to dispatch (issue 16), whatever the
 * channel: whether to try again (with back-off, after `retryAfterMs` when the provider said so),
 * whether the provider may have taken the message all the same (so trying again could send it
 * twice), and whether the failure is the message's, the batch's or the whole account's.
 */
export type ProviderFailureScope =
  /** This message (or device token, or address) only: record a permanent refusal for it. */
  | 'message'
  /** The whole call: every message of the batch shares the outcome. */
  | 'batch'
  /** The account: wrong credentials, an unknown sender, no İYS brand… every call will fail alike. */
  | 'account';

export type ProviderErrorDetails = {
  /** The provider's code ('30', 'UNREGISTERED', '550') or ours ('NETWORK', 'TIMEOUT', 'HTTP_503'). */
  code: string;
  retryable: boolean;
  scope: ProviderFailureScope;
  /**
   * The request may have reached the provider and been taken (no answer in time, the connection cut
   * while waiting): sending it again may deliver it twice. Dispatch records such a batch as in
   * doubt rather than sending it again.
   */
  inDoubt?: boolean;
  /** The HTTP status or SMTP reply code, when there was one. */
  status?: number;
  /** The provider asked to wait this long before the next try (Retry-After). */
  retryAfterMs?: number;
  /** The device token is no longer valid (FCM UNREGISTERED): remove it from the customer. */
  removeToken?: boolean;
  /** The provider's own words, short, for the log and the report; never a message text. */
  description?: string;
};

export class ProviderError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly scope: ProviderFailureScope;
  readonly inDoubt: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly removeToken: boolean;
  readonly description: string | undefined;

  constructor(provider: string, details: ProviderErrorDetails) {
    super(
      `${provider}: ${details.code}${details.description ? ` (${details.description})` : ''}${
        details.retryable ? ', retryable' : ', permanent'
      }`,
    );
    this.name = 'ProviderError';
    this.code = details.code;
    this.retryable = details.retryable;
    this.scope = details.scope;
    this.inDoubt = details.inDoubt ?? false;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.removeToken = details.removeToken ?? false;
    this.description = details.description;
  }
}

/**
 * An HTTP Retry-After value in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable, 0 for a date in the past.
 */
export const parseRetryAfter = (value: string | null | undefined, now: number): number | undefined => {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An IMF-fixdate ('Sun, 06 Nov 1994 08:49:37 GMT'); Date.parse alone would take '-5' for a year.
  const date = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)
    ? Date.parse(text)
    : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/**
 * A call that got no HTTP answer. Refused or unresolvable before anything was sent is surely not
 * sent; otherwise it is in doubt when the request had been written out (`written`; when not known,
 * assumed), since the provider may have taken it before the connection was cut or went silent.
 */
export const networkFailure = (
  provider: string,
  error: unknown,
  timeoutMs: number,
  written?: boolean,
): ProviderError => {
  const failure = error instanceof Error ? error : new Error(String(error));
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError')
    return new ProviderError(provider, {
      code: 'TIMEOUT',
      retryable: true,
      scope: 'batch',
      inDoubt: written ?? true,
      description: `no answer in ${timeoutMs} ms`,
    });
  const own = (failure as { code?: unknown }).code;
  const cause = (failure.cause as { code?: unknown } | undefined)?.code;
  const code = typeof own === 'string' ? own : typeof cause === 'string' ? cause : undefined;
  const notSent =
    code !== undefined && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code);
  return new ProviderError(provider, {
    code: 'NETWORK',
    retryable: true,
    scope: 'batch',
    inDoubt: !notSent && (written ?? true),
    description: code ?? failure.message.slice(0, 200),
  });
};
