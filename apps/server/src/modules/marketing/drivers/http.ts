import { networkFailure } from './provider-error';

export type HttpAnswer = { status: number; headers: Headers; body: string };

/**
 * One HTTP call of a provider driver: the signal bounds the whole exchange (connecting, the headers,
 * the body), redirects are refused (a credential never follows one), and a call that got no answer
 * throws the ProviderError of `networkFailure` (in doubt unless surely not sent).
 */
export const providerCall = async (
  provider: string,
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> => {
  try {
    const response = await fetch(url, {
      method: init.method ?? 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    throw networkFailure(provider, error, init.timeoutMs);
  }
};
