// Time source. Handlers read the time from here so that time-based states are computed against one instant.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved; used by tests and by the demo seed to place bookings in time. */
export function manualClock(start: Date): Clock & { set(d: Date): void; advance(ms: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = d.getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
