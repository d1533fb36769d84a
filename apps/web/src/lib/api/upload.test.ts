import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/storage';
import { createApiClient } from './client';
import { api } from './staff-api';

/** Just enough of XMLHttpRequest for the client's upload path; the test plays the server. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseHeaders = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json\r\n';
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const fileForm = () => {
  const form = new FormData();
  form.append('list_file', new Blob(['a;b']), 'liste.csv');
  return form;
};

describe('upload with progress', () => {
  it('keeps the common headers and locationId, reports progress and reads the JSON answer', async () => {
    session.signIn({ value: 'token-2', expiresAt: '2030-01-01T00:00:00.000Z' });
    session.setCurrentLocation({
      _id: 'b'.repeat(24),
      location_name: 'X',
      location_logo: { thumbnail: null },
    });
    const progress = vi.fn();
    const form = fileForm();
    const done = api.upload('POST', '/marketing/email-external-lists', form, { onProgress: progress });

    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/marketing/email-external-lists?locationId=${'b'.repeat(24)}`);
    expect(xhr.headers).toMatchObject({ 'accept-language': 'tr', authorization: 'Bearer token-2' });
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body).toBe(form);

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(201, { _id: 'list-1' });
    await expect(done).resolves.toEqual({ _id: 'list-1' });
    expect(progress.mock.calls.map(([p]) => p.percent)).toEqual([25, 100]);
  });

  it('rejects with the server error body, and with status -1 when cancelled', async () => {
    const failed = api.upload('POST', '/customer/import', fileForm());
    FakeXhr.last.respond(413, { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'İstek çok büyük' });
    await expect(failed).rejects.toMatchObject({ statusCode: 413, message: 'İstek çok büyük' });

    const client = createApiClient();
    const controller = new AbortController();
    const cancelled = client.upload('POST', '/customer/import', fileForm(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ statusCode: -1, message: 'İstek iptal edildi.' });
  });

  it('reports a lost connection like the fetch path does', async () => {
    const failed = api.upload('POST', '/customer/import', fileForm());
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toMatchObject({ statusCode: -1, code: 'NETWORK_ERROR' });
  });
});
