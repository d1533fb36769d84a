const QUARTER_HOUR_MS = 900_000;
/** Exports and files read their rows in time order: the last few hundred quarters are all a run asks for. */
const OFFSETS_KEPT = 1024;

/**
 * How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds. Asking Intl costs
 * microseconds, so the answer is kept per quarter hour: zones change their offsets on quarter hours.
 */
export const zoneOffset = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const kept = new Map<number, number>();
  return (ms: number) => {
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = kept.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER_HOUR_MS;
      const part: Record<string, number> = {};
      for (const { type, value } of format.formatToParts(at)) part[type] = Number(value);
      offset = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!) - at;
      if (kept.size >= OFFSETS_KEPT) kept.clear();
      kept.set(quarter, offset);
    }
    return offset;
  };
};
