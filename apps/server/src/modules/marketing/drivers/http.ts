import http from 'node:http';
import https from 'node:https';
import { networkFailure } from './provider-error';

export type HttpAnswer = {
  status: number;
  headers: { get(name: string): string | null };
  body: string;
};

/**
 * Connections kept open between calls: a push is one HTTP call per message, and a new connection
 * (and TLS handshake) each time would cost more than the call. An idle connection is closed after
 * 4 s, before a server's usual 5 s keep-alive ends it under a request. (node:http rather than
 * fetch: on the 2-core machine fetch managed about 700 calls a second against a local server,
 * node:http with kept connections over 6,000.)
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4000 }),
};

/** A provider's answer larger than this is cut off: none of theirs is, and a broken one must not fill memory. */
const MAX_BODY_BYTES = 1 << 20;

/**
 * One HTTP call of a provider driver. The timeout bounds the whole exchange (connecting, sending,
 * the answer's headers and body); a redirect is not followed (it is answered as its 3xx, so a
 * credential never follows one). A call that got no answer throws the ProviderError of
 * `networkFailure`: in doubt once the request was written out, surely not sent before.
 */
export const providerCall = (
  provider: string,
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const agent = agents[target.protocol as keyof typeof agents];
    if (!agent) {
      reject(new TypeError(`${provider}: not an http(s) address: ${target.protocol}`));
      return;
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    let written = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(networkFailure(provider, error, init.timeoutMs, written));
    };
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: init.method ?? 'POST',
      agent,
      headers: { ...init.headers, ...(body && { 'content-length': String(body.length) }) },
    });
    const timer = setTimeout(
      () => fail(Object.assign(new Error(`no answer in ${init.timeoutMs} ms`), { name: 'TimeoutError' })),
      init.timeoutMs,
    );
    request.on('finish', () => {
      written = true;
    });
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) fail(new Error(`answer over ${MAX_BODY_BYTES} bytes`));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const headers = response.headers;
        resolve({
          status: response.statusCode ?? 0,
          headers: {
            get: (name) => {
              const value = headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
            },
          },
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.end(body);
  });
