import { createHmac, randomInt } from 'node:crypto';
import { type PowChallenge, powChallenge } from '@avlu/contracts';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { SmsConfig } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { serverSecret } from '../../platform/server-secrets';
import { spentChallenges } from './micro-site.tables';

/*
 * Proof-of-work challenges (ALTCHA v2, self-hosted: no third-party service), asked for before an
 * SMS or a code check when a mall's traffic looks abnormal (sms-codes.service.ts decides when). A
 * challenge is `PBKDF2/SHA-256` with `COST` iterations per counter; the server picks the counter
 * between half of SMS_CHALLENGE_COMPLEXITY and all of it and signs the derived key, so the client
 * counts up until it finds it (thousands of PBKDF2 runs, a second or a few on a phone) while
 * checking a solution costs the server one HMAC. Any later call that must slow a client down
 * (staff sign-in, say) uses `requireSolvedChallenge` the same way.
 */

const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter the client tries. */
const COST = 1000;
/** How long a challenge may be solved and used. */
const VALID_MS = 10 * 60 * 1000;
const SECRET_NAME = 'challenge-hmac';

const generated = new WeakMap<Database, Promise<string>>();

/**
 * The HMAC secret of challenges: SMS_CHALLENGE_KEY, else the installation's own (`serverSecret`),
 * read once per database.
 */
const masterSecret = (db: Database, configured: string | undefined): Promise<string> => {
  if (configured) return Promise.resolve(configured);
  let secret = generated.get(db);
  if (!secret) {
    secret = serverSecret(db, SECRET_NAME, undefined);
    secret.catch(() => generated.delete(db));
    generated.set(db, secret);
  }
  return secret;
};

/** Two secrets from one: the challenge's signature and the derived key's signature. */
const secretsOf = async (db: Database, configured: string | undefined) => {
  const master = await masterSecret(db, configured);
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('derived-key') };
};

type ChallengeConfig = Pick<SmsConfig, 'challengeComplexity' | 'challengeKey'>;

/** A new challenge; `data.max` lets the client show how far it got. */
export const newChallenge = async (
  db: Database,
  config: ChallengeConfig,
  now = new Date(),
): Promise<PowChallenge> => {
  const max = config.challengeComplexity;
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(Math.ceil(max / 2), max + 1),
    deriveKey,
    expiresAt: new Date(now.getTime() + VALID_MS),
    data: { max },
    ...(await secretsOf(db, config.challengeKey)),
  });
};

const payloadSchema = z.object({
  challenge: powChallenge,
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

const decode = (altcha: string) => {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
};

/**
 * Whether `altcha` solves a challenge of ours that has not expired and was never used; a right one
 * is spent at once, in its own statement, so it is spent even if the request is refused later.
 */
const spendSolution = async (db: Database, config: ChallengeConfig, altcha: string, now: Date) => {
  const payload = decode(altcha);
  if (!payload) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    ...(await secretsOf(db, config.challengeKey)),
  }).catch(() => ({ verified: false }));
  // Only a signed challenge with its key signature is ours: without one, checking would re-derive.
  if (!result.verified || !payload.challenge.parameters.keySignature) return false;
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
  if (expiresAt <= now) return false;
  await db.delete(spentChallenges).where(lt(spentChallenges.expires_at, now));
  const spent = await db
    .insert(spentChallenges)
    .values({ nonce: payload.challenge.parameters.nonce, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: spentChallenges.nonce });
  return spent.length === 1;
};

/**
 * Throws 428 CHALLENGE_REQUIRED (no solution sent) or 400 CHALLENGE_INVALID (wrong, expired or used
 * before) naming `altcha`, each answer carrying a new challenge to solve; passes with a solution
 * accepted for the first time.
 */
export const requireSolvedChallenge = async (
  db: Database,
  config: ChallengeConfig,
  altcha: string | undefined,
  now = new Date(),
): Promise<void> => {
  if (altcha !== undefined && (await spendSolution(db, config, altcha, now))) return;
  const challenge = await newChallenge(db, config, now);
  throw altcha === undefined
    ? new AppError('CHALLENGE_REQUIRED', 428, {
        fields: { altcha: 'challengeRequired' },
        extra: { challenge },
      })
    : new AppError('CHALLENGE_INVALID', 400, {
        fields: { altcha: 'challengeInvalid' },
        extra: { challenge },
      });
};
