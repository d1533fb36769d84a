import { type Language, type UnsubscribeResult, unsubscribeResult } from '@avlu/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { TEST_UNSUBSCRIBE_TOKEN, unsubscribe, unsubscribeState } from './unsubscribe.service';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[char]};`,
  );

const words = {
  tr: {
    title: 'E-posta aboneliği',
    ask: (mall: string, email: string) =>
      `${mall} tarafından ${email} adresine gönderilen kampanya ve duyuru e-postalarından çıkmak için düğmeye basın.`,
    button: 'Abonelikten çık',
    done: (mall: string) => `${mall} size artık kampanya ve duyuru e-postası göndermeyecek.`,
    test: 'Bu bir deneme gönderiminin bağlantısıdır; hiçbir şey değişmedi.',
  },
  en: {
    title: 'Email subscription',
    ask: (mall: string, email: string) =>
      `Press the button to stop the campaign and news emails ${mall} sends to ${email}.`,
    button: 'Unsubscribe',
    done: (mall: string) => `${mall} will send you no more campaign or news emails.`,
    test: 'This is the link of a test send; nothing has changed.',
  },
} satisfies Record<Language, unknown>;

/** The small page a person sees: the question with its button, or that it is done. */
const page = (lang: Language, state: UnsubscribeResult | 'test') => {
  const text = words[lang];
  const body =
    state === 'test'
      ? `<p>${text.test}</p>`
      : state.unsubscribed
        ? `<p>${escapeHtml(text.done(state.location_name))}</p>`
        : `<p>${escapeHtml(text.ask(state.location_name, state.email ?? ''))}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${text.button}</button></form>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${text.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.5rem 1rem}</style>
</head><body><h1>${text.title}</h1>
${body}
</body></html>`;
};

const wantsJson = (request: FastifyRequest) => /application\/json/.test(request.headers.accept ?? '');

const answer = (request: FastifyRequest, reply: FastifyReply, state: UnsubscribeResult | 'test') => {
  reply.header('cache-control', 'no-store');
  if (wantsJson(request))
    return state === 'test' ? { unsubscribed: false, location_name: '', email: null } : state;
  return reply.type('text/html; charset=utf-8').send(page(request.lang, state));
};

const params = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, { message: 'validation.invalid' }),
});

/**
 * The unsubscribe link of commercial mail (unsubscribe.service.ts): GET shows the page (or answers
 * JSON to a caller that asks for it), POST unsubscribes, as the page's button and the mail programs'
 * RFC 8058 one-click do (`List-Unsubscribe=One-Click`, form-encoded or multipart; the body is not
 * needed). No sign-in: the signed token is the proof. An unknown or forged token is 404.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config: appConfig }) => {
  // The one-click body; only its arrival matters.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 8 * 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
  const config = { auth: 'public' } as const;
  const tags = ['marketing'];
  app.get(
    '/ext/marketing/unsubscribe/:token',
    {
      config,
      schema: {
        tags,
        summary:
          'The unsubscribe page of a commercial email’s link (HTML; JSON with Accept: application/json)',
        params,
        produces: ['text/html', 'application/json'],
        response: { 200: unsubscribeResult },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        request.params.token === TEST_UNSUBSCRIBE_TOKEN
          ? 'test'
          : await unsubscribeState({ db, config: appConfig }, request.params.token),
      ),
  );
  app.post(
    '/ext/marketing/unsubscribe/:token',
    {
      config,
      schema: {
        tags,
        summary:
          'Unsubscribe (RFC 8058 one-click): revokes the customer’s email consent (source “unsubscribe link”) or opts the external address out; idempotent',
        params,
        response: { 200: unsubscribeResult },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        request.params.token === TEST_UNSUBSCRIBE_TOKEN
          ? 'test'
          : await unsubscribe({ db, config: appConfig }, request.params.token, request.ip),
      ),
  );
};
