import type { PowChallenge } from '@avlu/contracts/micro-site/challenge';
import { useSyncExternalStore } from 'react';
import { MicroSiteError } from './api';

/*
 * The proof-of-work challenge (issue 10): when the mall's sign-ins look abnormal the server answers a
 * call 428 CHALLENGE_REQUIRED with a challenge; `withChallenge` solves it and sends the call again
 * with the solution as `altcha`. The solver (contracts' challenge.ts, WebCrypto PBKDF2) runs in a Web
 * Worker so the page stays responsive, and its code is fetched only when a challenge comes: the first
 * load does not carry it. Its progress is shown by <ChallengeProgress>.
 */

type Progress = number | null;
let progress: Progress = null;
const listeners = new Set<() => void>();
const setProgress = (value: Progress) => {
  progress = value;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The running challenge's progress (0 to 1), or null when none runs. */
export const useChallengeProgress = () =>
  useSyncExternalStore(
    subscribe,
    () => progress,
    () => progress,
  );

type WorkerAnswer = { type: 'progress'; share: number } | { type: 'done'; payload: string | null };

const solveInWorker = (challenge: PowChallenge) =>
  new Promise<string | null>((resolve, reject) => {
    const worker = new Worker(new URL('./challenge.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.type === 'progress') return setProgress(data.share);
      worker.terminate();
      resolve(data.payload);
    };
    worker.onerror = (error) => {
      worker.terminate();
      reject(error);
    };
    worker.postMessage(challenge);
  });

/** Where there is no Worker (tests, very old browsers): the same solver on the page. */
const solveHere = async (challenge: PowChallenge) => {
  const { powPayload, solvePowChallenge } = await import('@avlu/contracts/micro-site/challenge');
  const solution = await solvePowChallenge(challenge, { onProgress: setProgress });
  return solution && powPayload(challenge, solution);
};

/** The `altcha` field solving `challenge`. */
export const solveChallenge = async (challenge: PowChallenge): Promise<string> => {
  setProgress(0);
  try {
    const payload = await (typeof Worker === 'undefined' ? solveHere(challenge) : solveInWorker(challenge));
    if (!payload) throw new Error('The challenge could not be solved');
    return payload;
  } finally {
    setProgress(null);
  }
};

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
      altcha = await solveChallenge(asked);
    }
  }
};
