import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (@fastify/helmet). The Content-Security-Policy allows only our own
 * scripts: the built pages have no inline script, so an injected one never runs. Styles may be inline
 * because MUI's emotion writes its CSS into <style> elements at run time. Images may be data: and blob:
 * URLs (previews of a file before it is uploaded). No page may be framed (clickjacking), and no page
 * sends a Referer: the reset, invitation and micro-site addresses carry tokens in their paths.
 * HSTS only when the public address is https: on plain http it would lock a browser out of the server.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const https = options.publicUrl.startsWith('https:');
  await app.register(helmet, {
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
});
