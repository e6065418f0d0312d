// What an uploaded file really is, judged from its first bytes rather than its name or the browser's claimed type,
// and the pixel size of an image read from its header (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X). No decoding.
import { INVISIBLE } from '../../lib/text-rules';

export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

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

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)) + ((b[i + 3]! << 24) >>> 0);

function pngSize(b: Uint8Array): Size | null {
  // Signature (8), then the first chunk must be IHDR: length (4), type (4), width (4), height (4).
  if (b.length < 24 || !startsWith(b, ascii('IHDR'), 12)) return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** Start-of-frame markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Uint8Array): Size | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0..7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame header
    const len = u16be(b, i + 2);
    if (len < 2) return null;
    if (isSof(marker)) {
      if (i + 9 > b.length) return null;
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Uint8Array): Size | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ') {
    // Lossy: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width-1 and height-1 as two 14-bit fields.
    if (b[20] !== 0x2f) return null;
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended: flags (1) and reserved (3), then canvas width-1 and height-1 as 24-bit values.
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

/** Pixel size of a JPEG, PNG or WebP, or null when the header cannot be read. */
export function imageSize(b: Uint8Array, type: SniffedType): Size | null {
  if (type === 'image/png') return pngSize(b);
  if (type === 'image/jpeg') return jpegSize(b);
  if (type === 'image/webp') return webpSize(b);
  return null;
}

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
