import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The customer micro-site is its own page (its own Vite entry), so it never loads the back-office. */
const MICRO_SITE = /^\/micro-site(\/|$|\?)/;

/**
 * Serves the built web app from the same process: hashed files under /assets/ are cached for a year,
 * everything else (the HTML pages above all) is revalidated so a new release is picked up at once.
 * Any other GET outside /api is a client-side route: /micro-site/… gets micro-site.html, the rest
 * index.html. Without a built app (tests, server-only development) only the JSON not-found answer is
 * installed.
 */
export const staticWeb = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasWeb = existsSync(path.join(options.root, 'index.html'));
  const hasMicroSite = existsSync(path.join(options.root, 'micro-site.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const assets = path.relative(options.root, file).startsWith(`assets${path.sep}`);
        reply.header('cache-control', assets ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const spaRoute =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|assets)(\/|$|\?)/.test(request.url);
    if (!spaRoute) return sendRouteNotFound(app, request, reply);
    const page = hasMicroSite && MICRO_SITE.test(request.url) ? 'micro-site.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
});
