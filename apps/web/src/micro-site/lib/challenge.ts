import { MicroSiteError } from './api';
import { t } from './i18n';

/*
 * The proof-of-work challenge (issue 10): when the mall's sign-ins look abnormal the server answers a
 * call 428 CHALLENGE_REQUIRED with a challenge; `withChallenge` solves it and sends the call again
 * with the solution as `altcha`. Everything that solves (challenge-solver.ts: the Web Worker and the
 * progress line) is fetched only when a challenge comes, so the first load does not carry it.
 */

const CHALLENGE_CODES = new Set(['CHALLENGE_REQUIRED', 'CHALLENGE_INVALID']);

/**
 * Sends a call, and when the server asks for a challenge solves it and sends the call again with the
 * solution (twice at most: a second challenge comes only if the first solution came too late).
 */
export const withChallenge = async <T>(send: (altcha?: string) => Promise<T>): Promise<T> => {
  let altcha: string | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(altcha);
    } catch (failure) {
      const asked =
        failure instanceof MicroSiteError && CHALLENGE_CODES.has(failure.code) && failure.challenge;
      if (!asked || attempt >= 2) throw failure;
      const { solveChallenge } = await import('./challenge-solver');
      altcha = await solveChallenge(asked, (percent) => t('challenge.solving', { percent }));
    }
  }
};
