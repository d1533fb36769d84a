import type { ErrorBody } from '@avlu/contracts';

/** Codes the client itself gives when there is no server answer to pass on (spec §7: status -1). */
export const clientErrorCodes = {
  canceled: 'REQUEST_CANCELED',
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

/**
 * Every failed call rejects with this: the server's error body as it was sent, or a body the client
 * made up with statusCode -1 when no answer arrived. UI code shows `message` as it is; it is already
 * in the request's language.
 */
export class ApiError extends Error implements ErrorBody {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(body: ErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.statusCode = body.statusCode;
    this.code = body.code;
    if (body.fields) this.fields = body.fields;
  }

  get canceled() {
    return this.code === clientErrorCodes.canceled;
  }

  get body(): ErrorBody {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.fields && { fields: this.fields }),
    };
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
