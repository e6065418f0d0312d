// The upload check of pictures (issue 15 L4): what Chromium's canvas produces (the client resizes with it) passes
// and keeps its size; a valid header followed by anything else, a broken chunk, a missing end or extra bytes are
// refused; metadata (text chunks, EXIF, comments) is left out of the stored copy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImage } from '../../functions/_api/modules/uploads/image-check';
import { sniffType } from '../../functions/_api/modules/uploads/file-types';
import { joinBytes, jpeg, png, pngChunk, webp, withPngChunk } from '../support/chef-fixtures';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', name)));
const CANVAS = { png: fixture('canvas-64x32.png'), jpeg: fixture('canvas-64x32.jpg'), webp: fixture('canvas-64x32.webp') };
const text = (s: string) => new TextEncoder().encode(s);

const HTML = text('<html><body><script>alert(document.cookie)</script></body></html>');
const check = (bytes: Uint8Array) => checkImage(bytes, sniffType(bytes)!);
const contains = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).includes(Buffer.from(needle));

describe('pictures from the browser pass whole', () => {
  it.each(Object.entries(CANVAS))('%s from Chromium’s canvas', async (_kind, bytes) => {
    const result = await check(bytes);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.size).toEqual({ width: 64, height: 32 });
  });

  it('and so do the test suites’ own pictures', async () => {
    for (const bytes of [png(256, 256), png(1024, 512), jpeg(512, 256), webp(1024, 512)]) expect((await check(bytes)).ok).toBe(true);
  });
});

describe('PNG', () => {
  it('refuses a valid picture followed by an HTML page', async () => {
    expect((await check(joinBytes(CANVAS.png, HTML))).ok).toBe(false);
    expect((await check(joinBytes(png(8, 8), HTML))).ok).toBe(false);
  });

  it('refuses a header alone, a wrong CRC, a missing IEND and pixel data that does not fill the picture', async () => {
    const file = CANVAS.png;
    expect((await check(joinBytes(file.subarray(0, 33), HTML))).ok).toBe(false);
    const flipped = file.slice();
    flipped[40]! ^= 0xff;
    expect((await check(flipped)).ok).toBe(false);
    expect((await check(file.subarray(0, file.length - 12))).ok).toBe(false);
    // An IHDR that promises more rows than the IDAT holds.
    const taller = file.slice();
    taller.set([0, 0, 0, 33], 20);
    taller.set(pngChunk('IHDR', taller.subarray(16, 29)).slice(8 + 13), 29);
    expect((await check(taller)).ok).toBe(false);
  });

  it('drops text chunks, so HTML hidden in one never reaches storage', async () => {
    const result = await check(withPngChunk(CANVAS.png, 'tEXt', joinBytes(text('Comment\0'), HTML)));
    expect(result.ok).toBe(true);
    if (result.ok) expect(contains(result.bytes, HTML)).toBe(false);
  });

  it('refuses an unknown critical chunk', async () => {
    expect((await check(withPngChunk(CANVAS.png, 'HTML', HTML))).ok).toBe(false);
  });
});

describe('JPEG', () => {
  it('refuses anything after EOI, a missing EOI and a header without a scan', async () => {
    expect((await check(joinBytes(CANVAS.jpeg, HTML))).ok).toBe(false);
    expect((await check(CANVAS.jpeg.subarray(0, CANVAS.jpeg.length - 2))).ok).toBe(false);
    const headerOnly = joinBytes(CANVAS.jpeg.subarray(0, 2), new Uint8Array([0xff, 0xe0, 0x00, 0x10]), text('JFIF\0'), new Uint8Array(9), HTML);
    expect((await check(headerOnly)).ok).toBe(false);
  });

  it('drops comments and EXIF, so HTML in them never reaches storage', async () => {
    const segment = (marker: number, body: Uint8Array) => joinBytes(new Uint8Array([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body);
    const dirty = joinBytes(CANVAS.jpeg.subarray(0, 2), segment(0xfe, HTML), segment(0xe1, joinBytes(text('Exif\0\0'), HTML)), CANVAS.jpeg.subarray(2));
    const result = await check(dirty);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(contains(result.bytes, HTML)).toBe(false);
      expect(result.bytes).toEqual((await check(CANVAS.jpeg).then((r) => (r.ok ? r.bytes : null)))!);
    }
  });
});

describe('WebP', () => {
  it('refuses extra bytes after the RIFF container, a RIFF size that does not match, and a canvas without a bitstream', async () => {
    expect((await check(joinBytes(CANVAS.webp, HTML))).ok).toBe(false);
    const lying = CANVAS.webp.slice();
    new DataView(lying.buffer).setUint32(4, lying.length, true);
    expect((await check(lying)).ok).toBe(false);
    const vp8xOnly = webp(64, 32).subarray(0, 30);
    new DataView(vp8xOnly.buffer, vp8xOnly.byteOffset).setUint32(4, 22, true);
    expect((await check(vp8xOnly)).ok).toBe(false);
  });

  it('drops EXIF and XMP and clears their flags', async () => {
    const chunk = (name: string, body: Uint8Array) => {
      const head = new Uint8Array(8);
      head.set(text(name));
      new DataView(head.buffer).setUint32(4, body.length, true);
      return joinBytes(head, body, body.length & 1 ? new Uint8Array(1) : new Uint8Array(0));
    };
    const body = joinBytes(CANVAS.webp.subarray(12), chunk('EXIF', HTML), chunk('XMP ', HTML));
    const dirty = joinBytes(text('RIFF'), new Uint8Array(4), text('WEBP'), body);
    new DataView(dirty.buffer).setUint32(4, dirty.length - 8, true);
    dirty[20]! |= 0x0c;
    const result = await check(dirty);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(contains(result.bytes, HTML)).toBe(false);
      expect(result.bytes[20]! & 0x0c).toBe(0);
      expect(new DataView(result.bytes.buffer, result.bytes.byteOffset).getUint32(4, true)).toBe(result.bytes.length - 8);
    }
  });
});
