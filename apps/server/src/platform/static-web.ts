import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The customer micro-site is its own page (its own Vite entry), so it never loads the back-office. */
const MICRO_SITE = /^\/micro-site(\/|$|\?)/;

/** The QR codes' redirect page (spec §2 `/redirect`), a tiny entry of its own. */
const REDIRECT = /^\/redirect(\/|$|\?)/;

/** A request path as a file path inside the web root, or undefined when it is none (or leaves the root). */
const fileOf = (root: string, url: string): string | undefined => {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  const relative = path.posix.normalize(pathname).replace(/^\/+/, '');
  if (!relative || relative.startsWith('..') || relative.includes('\0')) return undefined;
  const file = path.join(root, relative);
  return file.startsWith(`${root}${path.sep}`) && existsSync(file) && statSync(file).isFile()
    ? relative
    : undefined;
};

/**
 * Serves the built web app from the same process: hashed files under /assets/ are cached for a year,
 * everything else (the HTML pages above all) is revalidated so a new release is picked up at once.
 * Files are read from disk at each request, so a rebuilt `dist` is served without a restart: the files
 * indexed at start are routes, and a file that appeared since is found by the not-found handler.
 * Each file's `.br` or `.gz` sibling (written by the web build) is sent to browsers that accept it.
 * Any other GET outside /api is a client-side route: /micro-site/… gets micro-site.html, /redirect
 * redirect.html, the rest index.html. Without a built app (tests, server-only development) only the JSON not-found answer is
 * installed.
 */
export const staticWeb = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasWeb = existsSync(path.join(options.root, 'index.html'));
  const hasMicroSite = existsSync(path.join(options.root, 'micro-site.html'));
  const hasRedirect = existsSync(path.join(options.root, 'redirect.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      preCompressed: true,
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
      !/^\/api(\/|$|\?)/.test(request.url);
    if (!spaRoute) return sendRouteNotFound(app, request, reply);
    const file = fileOf(options.root, request.url);
    if (file) return reply.sendFile(file);
    if (request.url.startsWith('/assets/')) return sendRouteNotFound(app, request, reply);
    const page =
      hasMicroSite && MICRO_SITE.test(request.url)
        ? 'micro-site.html'
        : hasRedirect && REDIRECT.test(request.url)
          ? 'redirect.html'
          : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
});
