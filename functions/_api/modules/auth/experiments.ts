// A/B test groups: each visitor gets a stable variant per experiment from a random visitor id cookie.
export const EXPERIMENTS: Record<string, readonly string[]> = {
  home_headline: ['static', 'rotating'],
  booking_bar_cta: ['find_a_chef', 'book_now'],
};

/** FNV-1a; stable across runtimes and cheap. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function assignGroups(visitorId: string): Record<string, string> {
  return Object.fromEntries(Object.entries(EXPERIMENTS).map(([name, variants]) => [name, variants[hash(`${name}:${visitorId}`) % variants.length]!]));
}
