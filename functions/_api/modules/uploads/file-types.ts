// What an uploaded file really is, judged from its first bytes rather than its name or the browser's claimed type,
// and safe file names for it. Pictures are then checked whole by image-check.ts.
import type { SniffedType } from '#shared/schemas/uploads.schema';
import { INVISIBLE } from '#shared/text-rules';

export const EXTENSIONS: Record<SniffedType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type by magic bytes, or null for anything else (HTML, SVG, executables, a PDF name on other content). */
export function sniffType(b: Uint8Array): SniffedType | null {
  if (startsWith(b, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export type Size = { width: number; height: number };

/**
 * A file name that is safe to store and to put in a Content-Disposition header: no path, no control or quote
 * characters, at most 150 characters, and an extension that matches the real type (appended when it does not).
 * Invisible characters go too: a right-to-left override would show "x\u202egpj.exe.pdf" as "xfdp.exe.jpg".
 */
export function safeFilename(name: string, type: SniffedType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/[\u0000-\u001f\u007f-\u009f"\\;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  const exts = EXTENSIONS[type];
  const ext = base.includes('.') ? base.split('.').pop()!.toLowerCase() : '';
  const stem = base || 'document';
  return exts.includes(ext) ? stem : `${stem}.${exts[0]}`;
}

/** The ASCII fallback for the filename="…" parameter; the full name goes into filename*=UTF-8''… (RFC 6266). */
export function contentDisposition(filename: string): string {
  const asciiName = filename
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\;]/g, '_');
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
