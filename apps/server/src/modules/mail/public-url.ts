import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';

/**
 * The address links in mail point to: PUBLIC_URL when set (behind a proxy the request's own host
 * may be an internal name), else the origin the request came to.
 */
export const publicBaseUrl = (config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string =>
  (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
