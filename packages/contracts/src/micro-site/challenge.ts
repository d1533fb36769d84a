/**
 * The proof-of-work challenge of the micro-site's sign-in calls (issue 10 points 4 and 5): an ALTCHA
 * v2 challenge (`PBKDF2/SHA-256`, deterministic: the server knows the counter and signs the derived
 * key), solved in the browser and sent back as the `altcha` field, base64 of `{ challenge, solution }`,
 * as ALTCHA's own widget sends it. No zod and no other import: the micro-site loads this module by its
 * own path (`@avlu/contracts/micro-site/challenge`) in a Web Worker, only when a challenge is asked for.
 */
export type PowChallenge = {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    /** `max`: the largest counter the server may have picked, for a progress bar. */
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
};

export type PowSolution = { counter: number; derivedKey: string; time?: number };

/** The part of WebCrypto used here (in browsers, workers and Node 20 alike), without DOM types. */
type Subtle = {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: 'PBKDF2',
    extractable: false,
    usages: ['deriveBits'],
  ): Promise<unknown>;
  deriveBits(
    algorithm: { name: 'PBKDF2'; salt: Uint8Array; iterations: number; hash: string },
    key: unknown,
    length: number,
  ): Promise<ArrayBuffer>;
};
type Runtime = { crypto: { subtle: Subtle }; btoa(data: string): string };
const runtime = globalThis as unknown as Runtime;

const HASHES: Record<string, string> = {
  'PBKDF2/SHA-256': 'SHA-256',
  'PBKDF2/SHA-384': 'SHA-384',
  'PBKDF2/SHA-512': 'SHA-512',
};

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Finds the counter whose PBKDF2 key starts with the challenge's key prefix, counting up from 0 (the
 * password is the nonce followed by the counter as a big-endian uint32, ALTCHA's 'uint32' mode).
 * `onProgress` gets the share of `data.max` tried so far; `signal` stops the search (null answered).
 */
export const solvePowChallenge = async (
  challenge: PowChallenge,
  options: { onProgress?: (share: number) => void; signal?: { readonly aborted: boolean } } = {},
): Promise<PowSolution | null> => {
  const { parameters } = challenge;
  const hash = HASHES[parameters.algorithm];
  if (!hash) throw new Error(`Unsupported challenge algorithm ${parameters.algorithm}`);
  const subtle = runtime.crypto.subtle;
  const nonce = fromHex(parameters.nonce);
  const salt = fromHex(parameters.salt);
  const prefix = parameters.keyPrefix.toLowerCase();
  const max = Number(parameters.data?.max) || 0;
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  const view = new DataView(password.buffer);
  const started = Date.now();
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    if (options.signal?.aborted) return null;
    view.setUint32(nonce.length, counter, false);
    const key = await subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await subtle.deriveBits(
      { name: 'PBKDF2', salt, iterations: parameters.cost, hash },
      key,
      parameters.keyLength * 8,
    );
    const derivedKey = toHex(new Uint8Array(bits));
    if (derivedKey.startsWith(prefix)) return { counter, derivedKey, time: Date.now() - started };
    if (max > 0 && counter % 100 === 0) options.onProgress?.(Math.min(1, counter / max));
  }
  return null;
};

/** The `altcha` field of a request: base64 of the challenge and its solution (the widget's format). */
export const powPayload = (challenge: PowChallenge, solution: PowSolution) =>
  runtime.btoa(JSON.stringify({ challenge, solution }));
