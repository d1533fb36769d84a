import { randomBytes, randomInt } from 'node:crypto';

/**
 * A new 24-hex record id laid out like a MongoDB ObjectId: 4 bytes of seconds since the epoch, 5 random
 * bytes fixed per process and a 3-byte counter starting at a random value. Ids sort roughly by creation
 * time and two processes can not collide unless they draw the same 5 random bytes.
 */
const processBytes = randomBytes(5).toString('hex');
let counter = randomInt(0x1000000);

export const newId = (now = Date.now()): string => {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000) % 0x100000000;
  return seconds.toString(16).padStart(8, '0') + processBytes + counter.toString(16).padStart(6, '0');
};
