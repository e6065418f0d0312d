// Text helpers for seeded content.

/**
 * Swiss Standard German from German: "ss" instead of "ß" and guillemets instead of „…“. The de texts otherwise
 * serve de-ch as they are.
 */
export function deCh(text: string): string {
  return text.replace(/ß/g, 'ss').replace(/ẞ/g, 'SS').replace(/„/g, '«').replace(/“/g, '»');
}
