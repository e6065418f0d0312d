// Durations in milliseconds, as Date.getTime() counts: one definition for the server, the client, scripts and tests.
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
