/** "Now" comes from here, so tests and staff preview (preview_start_date) can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date): Clock & { set(d: Date): void; advance(ms: number): void } {
  let current = at;
  return {
    now: () => new Date(current),
    set: (d) => {
      current = d;
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
