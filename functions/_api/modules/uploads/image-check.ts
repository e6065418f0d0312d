// Full structural validation of an uploaded picture, and a clean copy of it. No image decoder fits the Functions
// bundle and a Worker's CPU time (a JavaScript JPEG decoder costs tens of milliseconds per stack, WebAssembly codecs
// hundreds of kilobytes), so instead of decoding and re-encoding, every byte of the file is accounted for:
// - PNG: every chunk's length and CRC through IEND, IHDR first and valid, and the pixel data inflated
//   (DecompressionStream, in both runtimes) to exactly the rows the header promises, each with a valid filter byte;
// - JPEG: every marker segment from SOI through the entropy-coded scans to EOI, one frame of a decodable kind;
// - WebP: the RIFF size, every chunk's size, a still image's VP8 or VP8L header matching the canvas.
// Nothing may follow the end of the image. The copy keeps only what drawing the picture needs (and its colour
// profile), so text chunks, EXIF (with its GPS position) and comments never reach storage: a PNG header followed by
// an HTML page, or HTML hidden in a comment, is refused or dropped.
import type { SniffedType } from '#shared/schemas/uploads.schema';
import type { Size } from './file-types';

export type CheckedImage = { ok: true; type: SniffedType; size: Size; bytes: Uint8Array } | { ok: false };

const BAD: CheckedImage = { ok: false };

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)) + ((b[i + 3]! << 24) >>> 0);
const fourcc = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

/** Byte arrays one after the other. */
export function concat(parts: readonly ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The picture's real type, size and a clean copy, or `{ ok: false }` when any part of the file is not right. */
export async function checkImage(bytes: Uint8Array, type: SniffedType): Promise<CheckedImage> {
  if (type === 'image/png') return checkPng(bytes);
  if (type === 'image/jpeg') return checkJpeg(bytes);
  if (type === 'image/webp') return checkWebp(bytes);
  return BAD;
}

// ---------------------------------------------------------------- PNG

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of b[start, end) as PNG chunks carry it (exported for the tests' picture builders). */
export function crc32(b: Uint8Array, start = 0, end = b.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Chunks a picture needs: the critical ones, transparency and colour. Every other ancillary chunk is dropped. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT']);
/** Allowed bit depths per colour type, and the samples per pixel. */
const PNG_COLOUR: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Row lengths (without the filter byte) of the image, pass by pass when interlaced. */
function pngRows(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number[] {
  const rowBytes = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return Array.from({ length: height }, () => rowBytes(width));
  const rows: number[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0) for (let y = 0; y < h; y++) rows.push(rowBytes(w));
  }
  return rows;
}

/** Inflates zlib data, stopping as soon as it would grow past `limit` (a compression bomb never unpacks). */
async function inflate(data: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        await reader.cancel();
        return null;
      }
      parts.push(value);
    }
  } catch {
    return null; // corrupt or truncated deflate data
  }
  return concat(parts);
}

async function checkPng(b: Uint8Array): Promise<CheckedImage> {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 8 || signature.some((x, i) => b[i] !== x)) return BAD;
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  const idat: Uint8Array[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | null = null;
  let sawPalette = false;
  let idatClosed = false;
  let at = 8;
  for (;;) {
    if (at + 12 > b.length) return BAD;
    const length = u32be(b, at);
    const name = fourcc(b, at + 4);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length || !/^[A-Za-z]{4}$/.test(name)) return BAD;
    if (crc32(b, at + 4, at + 8 + length) !== u32be(b, at + 8 + length)) return BAD;
    const data = b.subarray(at + 8, at + 8 + length);
    if (!header) {
      // IHDR comes first: width, height, bit depth, colour type, compression 0, filter 0, interlace 0 or 1.
      if (name !== 'IHDR' || length !== 13) return BAD;
      const [width, height, depth, colour] = [u32be(data, 0), u32be(data, 4), data[8]!, data[9]!];
      if (!width || !height || !PNG_COLOUR[colour]?.depths.includes(depth) || data[10] !== 0 || data[11] !== 0 || data[12]! > 1) return BAD;
      header = { width, height, depth, colour, interlaced: data[12] === 1 };
    } else if (name === 'IHDR') return BAD;
    if (name === 'PLTE') sawPalette = true;
    if (name === 'IDAT') {
      if (idatClosed) return BAD; // image data must be one run of chunks
      idat.push(data);
    } else if (idat.length) idatClosed = true;
    // An unknown critical chunk (upper-case first letter) cannot be skipped safely.
    if (!PNG_KEEP.has(name) && name.charCodeAt(0) < 0x61) return BAD;
    if (PNG_KEEP.has(name)) kept.push(b.subarray(at, end));
    at = end;
    if (name === 'IEND') break;
  }
  if (!header || at !== b.length || !idat.length || (header.colour === 3 && !sawPalette)) return BAD;
  const bitsPerPixel = header.depth * PNG_COLOUR[header.colour]!.channels;
  const rows = pngRows(header.width, header.height, bitsPerPixel, header.interlaced);
  const expected = rows.reduce((n, r) => n + r + 1, 0);
  const pixels = await inflate(concat(idat), expected);
  if (!pixels || pixels.length !== expected) return BAD;
  let row = 0;
  for (const r of rows) {
    if (pixels[row]! > 4) return BAD; // filter types 0 to 4
    row += r + 1;
  }
  return { ok: true, type: 'image/png', size: { width: header.width, height: header.height }, bytes: concat(kept) };
}

// ---------------------------------------------------------------- JPEG

/** Frames browsers decode: baseline, extended and progressive Huffman. */
const JPEG_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Segments drawing needs: tables, restart interval, JFIF (E0), ICC profile (E2), Adobe colour transform (EE). */
const JPEG_KEEP = new Set([0xdb, 0xc4, 0xdd, 0xe0, 0xe2, 0xee]);
/** Segments that may be dropped: the other APPn (EXIF and XMP live in E1) and comments. */
const JPEG_DROP = (m: number) => (m >= 0xe1 && m <= 0xef) || m === 0xfe;

function checkJpeg(b: Uint8Array): CheckedImage {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return BAD;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let size: Size | null = null;
  let scans = 0;
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return BAD;
    let m = b[at + 1]!;
    let start = at;
    while (m === 0xff) {
      // Fill bytes before a marker.
      start = ++at;
      m = b[at + 1]!;
    }
    if (at + 2 > b.length) return BAD;
    if (m === 0xd9) {
      // EOI: the end, and nothing may follow it.
      if (at + 2 !== b.length || !size || !scans) return BAD;
      kept.push(b.subarray(at, at + 2));
      return { ok: true, type: 'image/jpeg', size, bytes: concat(kept) };
    }
    if (at + 4 > b.length) return BAD;
    const length = u16be(b, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) return BAD;
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      // A frame header: one per picture, of a kind browsers decode, with its size and 1 to 4 components.
      if (size || !JPEG_FRAMES.has(m) || length < 8) return BAD;
      const components = b[at + 9]!;
      if (components < 1 || components > 4 || length !== 8 + components * 3) return BAD;
      size = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
      if (!size.width || !size.height) return BAD;
      kept.push(b.subarray(start, end));
      at = end;
    } else if (m === 0xda) {
      // A scan: its header, then entropy-coded data up to the next marker. Inside, 0xFF is followed only by a
      // stuffed zero, a restart marker or fill bytes.
      if (!size || length < 8) return BAD;
      let i = end;
      for (;;) {
        if (i + 1 >= b.length) return BAD; // the data runs off the end: no EOI
        if (b[i] !== 0xff) {
          i++;
          continue;
        }
        const next = b[i + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
        else if (next === 0xff) i++;
        else break;
      }
      scans++;
      kept.push(b.subarray(start, i));
      at = i;
    } else if (JPEG_KEEP.has(m)) {
      kept.push(b.subarray(start, end));
      at = end;
    } else if (JPEG_DROP(m)) {
      at = end;
    } else {
      return BAD; // SOI again, a stray restart marker, or a marker no picture of ours has
    }
  }
  return BAD;
}

// ---------------------------------------------------------------- WebP

/** VP8X flags: ICC profile (0x20), alpha (0x10), EXIF (0x08), XMP (0x04), animation (0x02). */
const VP8X_ANIMATION = 0x02;
const VP8X_METADATA = 0x08 | 0x04;

/** Width and height of a VP8 (lossy) or VP8L (lossless) bitstream, or null when its header is not right. */
function bitstreamSize(name: string, d: Uint8Array): Size | null {
  if (name === 'VP8 ') {
    // Frame tag (key frame, version 0 to 3, shown, first partition size), start code, 14-bit width and height.
    if (d.length < 10 || (d[0]! & 0x01) !== 0 || ((d[0]! >> 1) & 0x07) > 3 || (d[0]! & 0x10) === 0) return null;
    const partition = u24le(d, 0) >>> 5;
    if (d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a || partition > d.length - 10) return null;
    const size = { width: (d[6]! | (d[7]! << 8)) & 0x3fff, height: (d[8]! | (d[9]! << 8)) & 0x3fff };
    return size.width && size.height ? size : null;
  }
  // Signature 0x2F, then width-1 and height-1 as 14-bit fields, the alpha hint and a 3-bit version that is 0.
  if (d.length < 6 || d[0] !== 0x2f) return null;
  const bits = u32le(d, 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

function checkWebp(b: Uint8Array): CheckedImage {
  if (b.length < 20 || fourcc(b, 0) !== 'RIFF' || fourcc(b, 8) !== 'WEBP' || u32le(b, 4) !== b.length - 8) return BAD;
  const chunks: { name: string; data: Uint8Array; raw: Uint8Array }[] = [];
  let at = 12;
  while (at < b.length) {
    if (at + 8 > b.length) return BAD;
    const name = fourcc(b, at);
    const length = u32le(b, at + 4);
    const end = at + 8 + length + (length & 1); // odd chunks carry one padding byte
    if (end > b.length) return BAD;
    chunks.push({ name, data: b.subarray(at + 8, at + 8 + length), raw: b.subarray(at, end) });
    at = end;
  }
  const [first, ...rest] = chunks;
  if (!first) return BAD;
  if (first.name === 'VP8 ' || first.name === 'VP8L') {
    // The simple format: the bitstream and nothing else.
    const size = rest.length ? null : bitstreamSize(first.name, first.data);
    return size ? { ok: true, type: 'image/webp', size, bytes: b } : BAD;
  }
  if (first.name !== 'VP8X' || first.data.length !== 10) return BAD;
  const flags = first.data[0]!;
  if (flags & VP8X_ANIMATION) return BAD; // pictures are still
  const canvas = { width: u24le(first.data, 4) + 1, height: u24le(first.data, 7) + 1 };
  // Extended: an optional ICC profile, optional alpha, then the bitstream; metadata and unknown chunks are dropped.
  const kept: Uint8Array[] = [];
  let stream: Size | null = null;
  for (const c of rest) {
    if (stream) continue; // whatever follows the bitstream (EXIF, XMP, unknown) is left out
    if (c.name === 'ICCP' || c.name === 'ALPH') kept.push(c.raw);
    else if (c.name === 'VP8 ' || c.name === 'VP8L') {
      stream = bitstreamSize(c.name, c.data);
      if (!stream) return BAD;
      kept.push(c.raw);
    } else if (c.name === 'ANIM' || c.name === 'ANMF') return BAD;
  }
  if (!stream || stream.width !== canvas.width || stream.height !== canvas.height) return BAD;
  const vp8x = first.raw.slice();
  vp8x[8] = flags & ~VP8X_METADATA;
  const body = concat([vp8x, ...kept]);
  const head = new Uint8Array(12);
  head.set(b.subarray(0, 12));
  const riff = body.length + 4;
  head.set([riff & 0xff, (riff >>> 8) & 0xff, (riff >>> 16) & 0xff, (riff >>> 24) & 0xff], 4);
  return { ok: true, type: 'image/webp', size: canvas, bytes: concat([head, body]) };
}
