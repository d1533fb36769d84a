import { isObjectId } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('makes 24-hex ids that start with the creation second', () => {
    const id = newId(Date.UTC(2026, 0, 1));
    expect(isObjectId(id)).toBe(true);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(Date.UTC(2026, 0, 1) / 1000);
  });

  it('never repeats within a process', () => {
    const ids = new Set(Array.from({ length: 50_000 }, () => newId()));
    expect(ids.size).toBe(50_000);
  });
});
