import { errorBody } from '@avlu/contracts';
import type { Logger } from 'pino';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';
import { sampleRoutes } from '../../test/sample-routes';

const logged: string[] = [];
const logger: Logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });

const ctx = useTestApp({
  logger,
  routes: (app) => {
    sampleRoutes(app);
    app.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://secret');
    });
  },
});

const ID = '65a1b2c3d4e5f60718293a4b';
const post = (lang: string, payload: string, headers: Record<string, string> = {}, id = ID) =>
  ctx.inject({
    method: 'POST',
    url: `/api/test/items/${id}`,
    headers: { 'accept-language': lang, 'content-type': 'application/json', ...headers },
    payload,
  });

const answer = (response: { json: () => unknown }) => errorBody.strict().parse(response.json());

describe('error model', () => {
  it('accepts a valid body', async () => {
    const response = await post('tr', JSON.stringify({ name: 'Kahve', count: 3 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: ID, name: 'Kahve' });
  });

  it.each([
    ['tr', 'Gönderilen bilgiler geçersiz: color', 'Bilinmeyen alan'],
    ['en', 'The request is invalid: color', 'Unknown field'],
  ])('rejects unknown body fields, naming them (%s)', async (lang, message, field) => {
    const response = await post(lang, JSON.stringify({ name: 'Kahve', count: 3, color: 'red' }));
    expect(response.statusCode).toBe(400);
    expect(answer(response)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message,
      fields: { color: field },
    });
  });

  it('names nested unknown fields by their path', async () => {
    const response = await post(
      'en',
      JSON.stringify({ name: 'Kahve', count: 3, owner: { _id: ID, role: 'x' } }),
    );
    expect(answer(response).fields).toEqual({ 'owner.role': 'Unknown field' });
  });

  it.each([
    ['tr', { count: 'Sayı olmalıdır', name: 'Bu alan zorunludur', tags: 'Liste olmalıdır' }],
    ['en', { count: 'Must be a number', name: 'This field is required', tags: 'Must be a list' }],
  ])('names each field of the wrong type (%s)', async (lang, fields) => {
    const response = await post(lang, JSON.stringify({ count: '3', tags: 'a' }));
    expect(response.statusCode).toBe(400);
    expect(answer(response).fields).toEqual(fields);
  });

  it('names a bad id in the path by its parameter name', async () => {
    const response = await post('en', JSON.stringify({ name: 'Kahve', count: 3 }), {}, 'not-an-id');
    expect(answer(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { id: 'Must be a valid id (24 hexadecimal characters)' },
    });
  });

  it('names a bad id inside the body by its path', async () => {
    const response = await post('tr', JSON.stringify({ name: 'Kahve', count: 3, owner: { _id: 'abc' } }));
    expect(answer(response).fields).toEqual({
      'owner._id': 'Geçerli bir kimlik olmalıdır (24 onaltılık karakter)',
    });
  });

  it.each([
    ['tr', 'İstek gövdesi geçerli bir JSON değil'],
    ['en', 'The request body is not valid JSON'],
  ])('answers 400 INVALID_JSON to malformed JSON (%s)', async (lang, message) => {
    const response = await post(lang, '{"name": "Kahve",');
    expect(answer(response)).toEqual({ statusCode: 400, code: 'INVALID_JSON', message });
  });

  it('answers 415 to a content type the route does not take', async () => {
    const response = await post('en', 'name=Kahve', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(answer(response)).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type: text/plain',
    });
  });

  it('asks for the body when it is empty, with or without a JSON content type', async () => {
    const noBody = await ctx.inject({
      method: 'POST',
      url: `/api/test/items/${ID}`,
      headers: { 'accept-language': 'en' },
    });
    expect(answer(noBody)).toMatchObject({ statusCode: 400, fields: { body: 'This field is required' } });
    const emptyJson = await post('tr', '');
    expect(answer(emptyJson)).toMatchObject({ statusCode: 400, fields: { body: 'Bu alan zorunludur' } });
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await post('en', JSON.stringify({ name: 'x'.repeat(1_100_000), count: 1 }));
    expect(answer(response)).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large',
    });
  });

  it.each([
    ['tr', 'İstenen adres bulunamadı: GET /api/nowhere'],
    ['en', 'The requested address was not found: GET /api/nowhere'],
  ])('answers 404 ROUTE_NOT_FOUND for an unknown API address (%s)', async (lang, message) => {
    const response = await ctx.inject({ url: '/api/nowhere?x=1', headers: { 'accept-language': lang } });
    expect(answer(response)).toEqual({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message });
  });

  it('answers 405 with Allow for a known address and another method', async () => {
    const response = await ctx.inject({
      method: 'PATCH',
      url: `/api/test/items/${ID}`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.headers.allow).toBe('POST, DELETE');
    expect(answer(response)).toEqual({
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: 'This address does not support PATCH',
    });
  });

  it.each([
    ['tr', 'Gönderilen bilgiler geçersiz: name', 'Geçersiz değer'],
    ['en', 'The request is invalid: name', 'Invalid value'],
  ])('names the fields of a service rule (%s)', async (lang, message, field) => {
    const response = await post(lang, JSON.stringify({ name: 'reserved', count: 1 }));
    expect(answer(response)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message,
      fields: { name: field },
    });
  });

  it('answers a service rule with its status and code', async () => {
    const response = await ctx.inject({ method: 'DELETE', url: `/api/test/items/${ID}` });
    expect(answer(response)).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'Bu kayıt zaten var' });
  });

  it('answers 400 to a malformed URL', async () => {
    const response = await ctx.inject({
      url: '/api/core/locations/%E0%A4%A',
      headers: { 'accept-language': 'en' },
    });
    expect(answer(response)).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: 'Bad request' });
  });

  it('logs a server fault and answers a generic 500 without internals', async () => {
    const response = await ctx.inject({ url: '/api/test/crash', headers: { 'accept-language': 'en' } });
    expect(answer(response)).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred',
    });
    expect(response.body).not.toContain('secret');
    expect(logged.some((line) => line.includes('connection string postgres://secret'))).toBe(true);
  });
});
