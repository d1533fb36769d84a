import type { PowChallenge } from '@avlu/contracts/micro-site/challenge';

/*
 * Solves a challenge (lib/challenge.ts loads this module only when one comes): in a Web Worker, so
 * the page stays responsive, with a progress line at the foot of the screen. The line is plain DOM,
 * not a React component, and this module imports nothing of the app's, so nothing of it rides in
 * the first load (nor changes how the first load's chunks are split).
 */

type WorkerAnswer = { type: 'progress'; share: number } | { type: 'done'; payload: string | null };
type OnProgress = (share: number) => void;

const solveInWorker = (challenge: PowChallenge, onProgress: OnProgress) =>
  new Promise<string | null>((resolve, reject) => {
    const worker = new Worker(new URL('./challenge.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.type === 'progress') return onProgress(data.share);
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
const solveHere = async (challenge: PowChallenge, onProgress: OnProgress) => {
  const { powPayload, solvePowChallenge } = await import('@avlu/contracts/micro-site/challenge');
  const solution = await solvePowChallenge(challenge, { onProgress });
  return solution && powPayload(challenge, solution);
};

/** The status line: what the wait is, and how far it got (`label` words it in the page's language). */
const statusLine = (label: (percent: number) => string) => {
  const line = document.createElement('div');
  line.setAttribute('role', 'status');
  Object.assign(line.style, {
    position: 'fixed',
    left: '50%',
    bottom: '24px',
    transform: 'translateX(-50%)',
    zIndex: '1500',
    padding: '10px 16px',
    borderRadius: '8px',
    background: '#fff',
    color: '#1c252e',
    boxShadow: '0 8px 24px rgba(0,0,0,.16)',
    font: '14px/1.5 system-ui, sans-serif',
  });
  const show = (share: number) => {
    line.textContent = label(Math.round(share * 100));
  };
  show(0);
  document.body.append(line);
  return { show, remove: () => line.remove() };
};

/** The `altcha` field solving `challenge`. */
export const solveChallenge = async (
  challenge: PowChallenge,
  label: (percent: number) => string,
): Promise<string> => {
  const line = statusLine(label);
  try {
    const payload = await (typeof Worker === 'undefined'
      ? solveHere(challenge, line.show)
      : solveInWorker(challenge, line.show));
    if (!payload) throw new Error('The challenge could not be solved');
    return payload;
  } finally {
    line.remove();
  }
};
