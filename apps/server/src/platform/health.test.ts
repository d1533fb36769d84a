import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../../test/helper';
import type { Jobs } from './jobs';

const ctx = useTestApp();

describe('health and readiness', () => {
  it('reports the server and its database', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is ready once built', async () => {
    const response = await ctx.app.inject({ url: '/api/ready' });
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 in the error model when the database is gone', async () => {
    const broken = await buildTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is unavailable right now; please try again shortly',
      });
      // Not ready either: a balancer takes the instance out until its database answers again.
      expect((await broken.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await broken.app.close();
    }
  });

  it('is not ready while the job queue is stopped', async () => {
    const stopped = { running: () => false } as Jobs;
    const other = await buildTestApp({ jobs: stopped, database: ctx.database });
    try {
      expect((await other.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await other.close();
    }
  });

  it('says 503 on /api/ready to requests still arriving while shutting down', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const slowArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const other = await buildTestApp({
      database: ctx.database,
      routes: (app) =>
        app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
          arrived();
          await held;
          return {};
        }),
    });
    const address = await other.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    // A kept-alive connection busy with a slow request stays open during close and carries one more.
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    // Closing starts once the slow request is being answered, however long a busy machine takes to get there.
    await slowArrived;
    const closing = other.close();
    socket.write('GET /api/ready HTTP/1.1\r\nHost: x\r\n\r\n');
    await pause();
    const ended = new Promise((resolve) => socket.on('close', resolve));
    release();
    await closing;
    await ended;
    expect(received).toContain('HTTP/1.1 200');
    expect(received).toContain('"code":"SERVICE_UNAVAILABLE"');
  });
});
