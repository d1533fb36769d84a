/**
 * A small in-memory stand-in for the API, installed as `fetch` in tests
 * (`vi.stubGlobal('fetch', server.fetch)`). It records what the app sent so tests assert on the
 * wire, not on the app's own modules, and honours abort signals the way fetch does.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
};

type Reply = Response | Promise<Response>;
type Handler = (request: RecordedRequest & { params: Record<string, string> }) => Reply;
type Route = { method: string; pattern: RegExp; keys: string[]; handler: Handler };

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A reply that never comes: the request only ends when it is aborted. */
export const never = () => new Promise<Response>(() => {});

const compile = (path: string) => {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), keys };
};

const readBody = (body: BodyInit | null | undefined): unknown => {
  if (typeof body === 'string') return JSON.parse(body);
  return body ?? undefined;
};

/** Routes and recorded paths are relative to `base`, the API client's base URL. */
export const createTestServer = ({ base = '/api' } = {}) => {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];

  const on = (method: string, path: string, handler: Handler) => {
    routes.unshift({ method, ...compile(path), handler });
    return server;
  };

  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://avlu.test');
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    const method = init.method ?? 'GET';
    const recorded: RecordedRequest = {
      method,
      path,
      query: url.searchParams,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: readBody(init.body),
    };
    requests.push(recorded);
    const signal = init.signal;
    if (signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    const values = route?.pattern.exec(path)?.slice(1) ?? [];
    const params = Object.fromEntries(
      route?.keys.map((key, i) => [key, decodeURIComponent(values[i]!)]) ?? [],
    );
    const reply = route
      ? Promise.resolve(route.handler({ ...recorded, params }))
      : Promise.resolve(json({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'no route' }, 404));
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
        once: true,
      });
      reply.then(resolve, reject);
    });
  };

  /**
   * An XMLHttpRequest answering from the same routes, for `api.upload` (which uses XHR for its
   * progress events): `vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest)`. It reports the
   * upload as done in one step.
   */
  class TestXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #answerHeaders = '';
    #controller = new AbortController();

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.#answerHeaders;
    }
    abort() {
      this.#controller.abort();
      this.onabort?.();
    }
    send(body: BodyInit | null) {
      const request = { method: this.#method, headers: this.#headers, body, signal: this.#controller.signal };
      fetch(this.#url, request).then(
        async (response) => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
          this.status = response.status;
          this.responseText = await response.text();
          this.#answerHeaders = [...response.headers]
            .map(([name, value]) => `${name}: ${value}`)
            .join('\r\n');
          this.onload?.();
        },
        () => {
          if (!this.#controller.signal.aborted) this.onerror?.();
        },
      );
    }
  }

  const server = {
    on,
    fetch,
    XMLHttpRequest: TestXMLHttpRequest,
    requests,
    /** The requests to one path, newest last. */
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    last: () => requests.at(-1),
  };
  return server;
};

export type TestServer = ReturnType<typeof createTestServer>;
