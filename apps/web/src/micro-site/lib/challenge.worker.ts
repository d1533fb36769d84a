import { type PowChallenge, powPayload, solvePowChallenge } from '@avlu/contracts/micro-site/challenge';

/** Solves the challenge posted to it off the page's thread, posting its progress and then the `altcha` field. */
self.onmessage = async ({ data: challenge }: MessageEvent<PowChallenge>) => {
  let last = 0;
  const solution = await solvePowChallenge(challenge, {
    onProgress: (share) => {
      // A message per few percent is enough for the progress line.
      if (share - last < 0.02) return;
      last = share;
      self.postMessage({ type: 'progress', share });
    },
  });
  self.postMessage({ type: 'done', payload: solution && powPayload(challenge, solution) });
};
