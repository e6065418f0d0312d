// Client-side resizing of a picture into the server's image stacks (avatar t256x256; menu t512_1x1, t512_2x1,
// t1024_2x1): each stack is a cover crop of the centre, encoded as WebP where the browser can, else JPEG. The
// geometry is a pure function so it can be tested without a canvas.
import { IMAGE_STACKS, IMAGE_TYPES, type ImageKind } from '#shared/schemas/uploads.schema';

export type Crop = { sx: number; sy: number; sw: number; sh: number };
export type ResizedImage = { stack: string; width: number; height: number; blob: Blob };

export const RESIZE_QUALITY = 0.85;
/** Pictures the browser is asked to decode; anything else is refused before decoding. */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = IMAGE_TYPES;
/** A source larger than this is refused before decoding (a phone photo is 3–12 MB). */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/** The target pixel sizes of a kind, e.g. menu → [{ stack: 't512_1x1', width: 512, height: 512 }, …]. */
export function stackSizes(kind: ImageKind): { stack: string; width: number; height: number }[] {
  return Object.entries(IMAGE_STACKS[kind] as Record<string, readonly [number, number]>).map(([stack, [width, height]]) => ({ stack, width, height }));
}

/**
 * The centred source rectangle that, scaled to dst, fills it completely ("object-fit: cover"): the wider side of
 * the source is trimmed equally on both ends. Whole pixels, never outside the source.
 */
export function coverCrop(srcWidth: number, srcHeight: number, dstWidth: number, dstHeight: number): Crop {
  if (srcWidth <= 0 || srcHeight <= 0 || dstWidth <= 0 || dstHeight <= 0) throw new Error('Sizes must be positive.');
  const srcRatio = srcWidth / srcHeight;
  const dstRatio = dstWidth / dstHeight;
  if (srcRatio > dstRatio) {
    // Source is wider: keep the full height, cut the sides.
    const sw = Math.max(1, Math.min(srcWidth, Math.round(srcHeight * dstRatio)));
    return { sx: Math.floor((srcWidth - sw) / 2), sy: 0, sw, sh: srcHeight };
  }
  const sh = Math.max(1, Math.min(srcHeight, Math.round(srcWidth / dstRatio)));
  return { sx: 0, sy: Math.floor((srcHeight - sh) / 2), sw: srcWidth, sh };
}

export class ImageResizeError extends Error {
  constructor(readonly reason: 'type' | 'size' | 'decode' | 'encode') {
    super(`Image resize failed: ${reason}`);
    this.name = 'ImageResizeError';
  }
}

type Source = { source: CanvasImageSource; width: number; height: number; close: () => void };

async function decode(file: Blob): Promise<Source> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      /* fall back to an <img>, which some browsers decode where createImageBitmap does not */
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
  } catch {
    URL.revokeObjectURL(url);
    throw new ImageResizeError('decode');
  }
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob((blob) => resolve(blob), type, quality));

let webpSupported: boolean | undefined;

/** Encodes a canvas as WebP when the browser really produces WebP (some silently return PNG), else as JPEG. */
async function encode(canvas: HTMLCanvasElement, quality: number, preferWebp: boolean): Promise<Blob> {
  if (preferWebp && webpSupported !== false) {
    const webp = await toBlob(canvas, 'image/webp', quality);
    webpSupported = webp?.type === 'image/webp';
    if (webp && webpSupported) return webp;
  }
  const jpeg = await toBlob(canvas, 'image/jpeg', quality);
  if (!jpeg) throw new ImageResizeError('encode');
  return jpeg;
}

/**
 * Decodes `file` once and draws every stack of `kind` from it. All stacks come out in one format (the server
 * refuses a mix). Transparent areas become white, as JPEG has no alpha.
 */
export async function resizeToStacks(file: Blob, kind: ImageKind, options: { quality?: number; preferWebp?: boolean } = {}): Promise<ResizedImage[]> {
  if (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type)) throw new ImageResizeError('type');
  if (file.size > MAX_SOURCE_BYTES) throw new ImageResizeError('size');
  const quality = options.quality ?? RESIZE_QUALITY;
  const src = await decode(file);
  try {
    const out: ResizedImage[] = [];
    let preferWebp = options.preferWebp ?? true;
    for (const { stack, width, height } of stackSizes(kind)) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new ImageResizeError('encode');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      const { sx, sy, sw, sh } = coverCrop(src.width, src.height, width, height);
      ctx.drawImage(src.source, sx, sy, sw, sh, 0, 0, width, height);
      const blob = await encode(canvas, quality, preferWebp);
      // Keep every stack in the format the first one got.
      preferWebp = blob.type === 'image/webp';
      out.push({ stack, width, height, blob });
    }
    return out;
  } finally {
    src.close();
  }
}

export const extensionOf = (blob: Blob) => (blob.type === 'image/webp' ? 'webp' : blob.type === 'image/png' ? 'png' : 'jpg');
