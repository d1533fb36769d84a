import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

const require = createRequire(import.meta.url);

const prettyAvailable = () => {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
};

/** JSON lines for machines; readable lines for a developer at a terminal (pino-pretty is a dev dependency). */
export const createLogger = (config: Pick<Config, 'logLevel' | 'production'>): Logger => {
  const pretty = process.stdout.isTTY && !config.production && prettyAvailable();
  return pino({
    level: config.logLevel,
    ...(pretty && { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }),
  });
};
