// Chef helpers shared by cards, profiles and menus.

/** Seed §3: first plus last name, else the uri, else "[Unknown Chef]". */
export function chefDisplayName(chef: { firstname?: string | null; lastname?: string | null; uri?: string | null } | null | undefined): string {
  const name = [chef?.firstname, chef?.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || chef?.uri || '[Unknown Chef]';
}

/** Up to two initials for the avatar fallback. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase());
  return letters.join('') || '?';
}
