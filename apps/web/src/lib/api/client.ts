import { type ErrorCode, errorBody, errorMessage, type Language } from '@avlu/contracts';
import type { z } from 'zod';
import { currentLanguage, i18n } from '../i18n';
import { ApiError, clientErrorCodes } from './api-error';
import { type DownloadedFile, filenameFromDisposition } from './download';
import { fetchTransport, type Transport, type UploadProgress, xhrTransport } from './transport';
import { buildUrl, endpointOf, type QueryParams } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type HeaderValues = Record<string, string | null | undefined>;

export type ApiClientOptions = {
  /** Where the API lives; the staff app and the micro-site both use the same-origin `/api`. */
  baseUrl?: string;
  /** Headers added to every call after the common ones, e.g. the bearer token. Empty values are dropped. */
  headers?: () => HeaderValues;
  /** Query parameters added to every call, e.g. `locationId`. A call's own query wins. */
  query?: () => QueryParams;
  /** The language of `accept-language` and of the client's own error messages. */
  language?: () => Language;
  /** Wait between retries after a network failure (spec §9: 5000 ms). */
  retryDelayMs?: number;
};

export type RequestOptions<T = unknown> = {
  query?: QueryParams;
  /** A plain value is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: HeaderValues;
  signal?: AbortSignal;
  /** By default a newer call with the same method and endpoint cancels this one (spec §7). */
  dedupe?: boolean;
  /** How many times to try again when no answer arrived at all; never after an HTTP status or a cancel. */
  retry?: number;
  retryDelayMs?: number;
  /** Checks and types the answer; a mismatch rejects with INVALID_RESPONSE. */
  schema?: z.ZodType<T>;
};

export type DownloadOptions = Omit<RequestOptions, 'schema'> & {
  filename?: string;
  /** Bytes received so far while the answer streams in; `total` only when the server sent a length. */
  onProgress?: (progress: DownloadProgress) => void;
};
export type DownloadProgress = { loaded: number; total?: number };

/** The answer's bytes, read chunk by chunk so that a long export can show how much has arrived. */
const readBlob = async (response: Response, onProgress?: (progress: DownloadProgress) => void) => {
  if (!onProgress || !response.body) return response.blob();
  const total = Number(response.headers.get('content-length')) || undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
};
export type UploadOptions<T> = Omit<RequestOptions<T>, 'body' | 'retry' | 'retryDelayMs'> & {
  onProgress?: (progress: UploadProgress) => void;
};

type UnauthorizedListener = (error: ApiError) => void;

// The server answers with its JSON error body; these cover proxies and crashes that answer without one.
const codeForStatus = (status: number): ErrorCode => {
  const known: Partial<Record<number, ErrorCode>> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'TOO_MANY_REQUESTS',
    502: 'SERVICE_UNAVAILABLE',
    503: 'SERVICE_UNAVAILABLE',
    504: 'SERVICE_UNAVAILABLE',
  };
  return known[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const encodeBody = (body: unknown): { body: XMLHttpRequestBodyInit | undefined; contentType?: string } => {
  if (body === undefined) return { body: undefined };
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
};

const waitFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * A client for one audience of the API. The staff app's `api` sends the staff token and the current
 * location; the micro-site makes its own with the location token and customer headers.
 */
export const createApiClient = (config: ApiClientOptions = {}) => {
  const baseUrl = config.baseUrl ?? '/api';
  const language = config.language ?? currentLanguage;
  const defaultRetryDelay = config.retryDelayMs ?? 5000;
  const inFlight = new Map<string, AbortController>();
  const unauthorizedListeners = new Set<UnauthorizedListener>();

  const ownError = (kind: 'canceled' | 'network' | 'invalidResponse', lang: Language, status = -1) =>
    new ApiError({
      statusCode: status,
      code: clientErrorCodes[kind],
      message: i18n.getFixedT(lang, 'api')(kind),
    });

  /** Links the call to its caller's signal and, unless opted out, cancels the older call to the same endpoint. */
  const track = (method: HttpMethod, path: string, options: RequestOptions<unknown>) => {
    const controller = new AbortController();
    const key = `${method} ${endpointOf(path)}`;
    if (options.dedupe !== false) {
      inFlight.get(key)?.abort();
      inFlight.set(key, controller);
    }
    const follow = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', follow, { once: true });
    const release = () => {
      options.signal?.removeEventListener('abort', follow);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    };
    return { signal: controller.signal, release };
  };

  const headersFor = (lang: Language, own: HeaderValues | undefined, contentType?: string) => {
    const all: HeaderValues = {
      'accept-language': lang,
      'timezone-offset': String(new Date().getTimezoneOffset()),
      'request-time': new Date().toISOString(),
      ...(contentType && { 'content-type': contentType }),
      ...config.headers?.(),
      ...own,
    };
    return Object.fromEntries(
      Object.entries(all).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
  };

  const failure = async (response: Response, sentHeaders: Record<string, string>, lang: Language) => {
    const parsed = errorBody.safeParse(parseJson(await response.text().catch(() => '')));
    const code = codeForStatus(response.status);
    const error = new ApiError(
      parsed.success ? parsed.data : { statusCode: response.status, code, message: errorMessage(lang, code) },
    );
    // Only a rejected token means the session is over; a 401 to a sign-in attempt is a wrong password.
    if (response.status === 401 && sentHeaders.authorization) {
      for (const listener of unauthorizedListeners) listener(error);
    }
    return error;
  };

  const send = async <R>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<unknown>,
    read: (response: Response) => Promise<R>,
    transport: Transport = fetchTransport,
  ): Promise<R> => {
    const lang = language();
    const url = buildUrl(baseUrl, path, config.query?.(), options.query);
    const { body, contentType } = encodeBody(options.body);
    const { signal, release } = track(method, path, options);
    try {
      for (let attempt = 0; ; attempt++) {
        const headers = headersFor(lang, options.headers, contentType);
        let response: Response;
        try {
          response = await transport(url, { method, headers, body, signal });
        } catch {
          if (signal.aborted) throw ownError('canceled', lang);
          if (attempt >= (options.retry ?? 0)) throw ownError('network', lang);
          await waitFor(options.retryDelayMs ?? defaultRetryDelay, signal).catch(() => {
            throw ownError('canceled', lang);
          });
          continue;
        }
        if (!response.ok) throw await failure(response, headers, lang);
        try {
          return await read(response);
        } catch (error) {
          if (signal.aborted) throw ownError('canceled', lang);
          throw error;
        }
      }
    } finally {
      release();
    }
  };

  const readAs =
    <T>(schema: z.ZodType<T> | undefined, lang: Language) =>
    async (response: Response): Promise<T> => {
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('json') ?? false;
      const value = text === '' ? undefined : isJson ? parseJson(text) : text;
      if (isJson && text !== '' && value === undefined)
        throw ownError('invalidResponse', lang, response.status);
      if (!schema) return value as T;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      console.error(`Unexpected answer from ${response.url || 'the API'}`, parsed.error.issues);
      throw ownError('invalidResponse', lang, response.status);
    };

  const request = <T = unknown>(method: HttpMethod, path: string, options: RequestOptions<T> = {}) =>
    send(method, path, options as RequestOptions<unknown>, readAs(options.schema, language()));

  type BodyOptions<T> = Omit<RequestOptions<T>, 'body'>;

  return {
    request,
    get: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
      request<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
      request<T>('PUT', path, { ...options, body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),

    /** A binary answer (Excel exports, PDFs); pass the result to `saveFile` to offer it to the user. */
    download: (method: HttpMethod, path: string, options: DownloadOptions = {}) =>
      send(
        method,
        path,
        options,
        async (response): Promise<DownloadedFile> => ({
          blob: await readBlob(response, options.onProgress),
          filename:
            filenameFromDisposition(response.headers.get('content-disposition')) ??
            options.filename ??
            'download',
        }),
      ),

    /** A multipart upload that reports progress; same headers, errors and cancelling as every other call. */
    upload: <T = unknown>(method: HttpMethod, path: string, body: FormData, options: UploadOptions<T> = {}) =>
      send(
        method,
        path,
        { ...options, body } as RequestOptions<unknown>,
        readAs(options.schema, language()),
        xhrTransport(options.onProgress),
      ),

    /** Called with the error whenever the server rejects the sent token; returns the unsubscribe. */
    onUnauthorized(listener: UnauthorizedListener) {
      unauthorizedListeners.add(listener);
      return () => {
        unauthorizedListeners.delete(listener);
      };
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
