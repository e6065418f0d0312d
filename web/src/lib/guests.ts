// The guest counts a booking allows; the header's booking bar shows the smallest before the settings are read.
export const MIN_GUESTS = 2;
export const MAX_GUESTS = 100;
