import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer. The Content-Security-Policy allows only our own scripts: the built
 * pages have no inline script, so an injected one never runs. Styles may be inline because MUI's
 * emotion writes its CSS into <style> elements at run time. Images may be data: and blob: URLs
 * (previews of a file before it is uploaded). No page may be framed (clickjacking), and no page sends
 * a Referer: the reset, invitation and micro-site addresses carry tokens in their paths. HSTS only when
 * the public address is https: on plain http it would lock a browser out of the server.
 */
const helmetOptions = (https: boolean): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  // Same-site, not same-origin: a mall's own pages on a sibling host may show its logo.
  crossOriginResourcePolicy: { policy: 'same-site' },
});

/**
 * The headers helmet sets for these options. They are the same on every answer (no nonce, nothing
 * from the request), so helmet runs once, at start, on a stand-in response, and each answer gets the
 * resulting headers in one call: helmet's own middleware would rebuild the policy on every request.
 */
const staticHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
};

export const securityHeaders = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const headers = staticHeaders(helmetOptions(options.publicUrl.startsWith('https:')));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
