export type TransportInit = {
  method: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit | undefined;
  signal: AbortSignal;
};

export type UploadProgress = { loaded: number; total: number; percent: number };

/** Sends one request and resolves with its answer; rejects like fetch (AbortError, TypeError) when none arrives. */
export type Transport = (url: string, init: TransportInit) => Promise<Response>;

// Looked up on every call, not captured, so tests and polyfills that replace the global still apply.
export const fetchTransport: Transport = (url, init) => fetch(url, init);

const responseHeaders = (xhr: XMLHttpRequest) => {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
};

const noBodyStatus = (status: number) => status === 204 || status === 205 || status === 304;

/**
 * fetch cannot report upload progress, so uploads go through XMLHttpRequest and are turned back into
 * a Response: the client then reads answers and errors of both paths the same way.
 */
export const xhrTransport =
  (onProgress?: (progress: UploadProgress) => void): Transport =>
  (url, { method, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException('The request was aborted', 'AbortError'));
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable) return;
        onProgress?.({
          loaded: event.loaded,
          total: event.total,
          percent: Math.round((event.loaded / event.total) * 100),
        });
      };
      xhr.onload = () => {
        signal.removeEventListener('abort', abort);
        const text = noBodyStatus(xhr.status) ? null : xhr.responseText;
        resolve(new Response(text, { status: xhr.status, headers: responseHeaders(xhr) }));
      };
      xhr.onerror = () => {
        signal.removeEventListener('abort', abort);
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'));
      signal.addEventListener('abort', abort, { once: true });
      xhr.send(body ?? null);
    });
