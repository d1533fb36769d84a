import type { Config } from './config';

/**
 * The address every link the server sends (mail, SMS) starts with: `PUBLIC_URL`, which production
 * requires, else `http://localhost:PORT` (see config.ts). Never the request's Host header: an
 * attacker chooses it, and a reset link pointing at their host hands them the token.
 */
export const appBaseUrl = (config: Pick<Config, 'publicUrl'>): string => config.publicUrl.replace(/\/+$/, '');
