import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (or CHROMIUM_PATH); null when none is installed. */
export const findChromium = (): string | null =>
  [process.env.CHROMIUM_PATH, ...CANDIDATES].find((path): path is string => !!path && existsSync(path)) ??
  null;

export const INSTALL_HINT = 'apt-get update && apt-get install -y chromium';
