// The sweep as the other modules see it (the admin's "run sweep"). The steps live in sweep.ts, which each area that
// adds a time-based step extends; callers depend on this surface only.
export { runSweep, type SweepResult } from './sweep';
