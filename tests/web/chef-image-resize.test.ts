// Client-side resizing into the server's image stacks: the cover-crop geometry as a pure function, every stack at
// its exact pixel size in one format (canvas mocked: happy-dom does not draw), and the upload with progress.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_STACKS } from '#shared/schemas/uploads.schema';
import { coverCrop, ImageResizeError, resizeToStacks, stackSizes } from '../../web/src/lib/image-resize';
import { uploadImageStacks } from '../../web/src/lib/upload';
import { ApiError } from '../../web/src/lib/api';
import { FakeXhr, mockCanvas } from './upload-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('cover crop', () => {
  it('cuts the sides of a wide picture and the top and bottom of a tall one, centred', () => {
    expect(coverCrop(4000, 3000, 512, 512)).toEqual({ sx: 500, sy: 0, sw: 3000, sh: 3000 });
    expect(coverCrop(3000, 4000, 512, 512)).toEqual({ sx: 0, sy: 500, sw: 3000, sh: 3000 });
    expect(coverCrop(4000, 3000, 1024, 512)).toEqual({ sx: 0, sy: 500, sw: 4000, sh: 2000 });
    expect(coverCrop(1000, 200, 512, 256)).toEqual({ sx: 300, sy: 0, sw: 400, sh: 200 });
  });

  it('keeps the whole picture when the ratios match, also when it is smaller than the target', () => {
    expect(coverCrop(2048, 1024, 1024, 512)).toEqual({ sx: 0, sy: 0, sw: 2048, sh: 1024 });
    expect(coverCrop(100, 100, 256, 256)).toEqual({ sx: 0, sy: 0, sw: 100, sh: 100 });
  });

  it('never leaves the source and always keeps the target ratio within a pixel', () => {
    for (const [w, h] of [[1, 1], [3, 7], [4032, 3024], [1080, 1920], [999, 333]] as const) {
      for (const { width, height } of [...stackSizes('menu'), ...stackSizes('avatar')]) {
        const c = coverCrop(w, h, width, height);
        expect(c.sx + c.sw).toBeLessThanOrEqual(w);
        expect(c.sy + c.sh).toBeLessThanOrEqual(h);
        expect(c.sx).toBeGreaterThanOrEqual(0);
        expect(c.sy).toBeGreaterThanOrEqual(0);
        // Whole pixels: the crop's width is the target ratio times its height, give or take the rounding.
        expect(Math.abs(c.sw - c.sh * (width / height))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('targets exactly the stacks the server checks', () => {
    expect(stackSizes('avatar')).toEqual([{ stack: 't256x256', width: 256, height: 256 }]);
    expect(stackSizes('menu')).toEqual([
      { stack: 't512_1x1', width: 512, height: 512 },
      { stack: 't512_2x1', width: 512, height: 256 },
      { stack: 't1024_2x1', width: 1024, height: 512 },
    ]);
    expect(Object.keys(IMAGE_STACKS.menu)).toEqual(stackSizes('menu').map((s) => s.stack));
  });
});

describe('resizing', () => {
  it('draws every menu stack at its size from a centred crop, as WebP', async () => {
    const drawn = mockCanvas({ webp: true });
    const out = await resizeToStacks(new Blob(['x'], { type: 'image/jpeg' }), 'menu');
    expect(out.map((s) => [s.stack, s.width, s.height, s.blob.type])).toEqual([
      ['t512_1x1', 512, 512, 'image/webp'],
      ['t512_2x1', 512, 256, 'image/webp'],
      ['t1024_2x1', 1024, 512, 'image/webp'],
    ]);
    expect(drawn.map((d) => [d.width, d.height])).toEqual([
      [512, 512],
      [512, 256],
      [1024, 512],
    ]);
    expect(drawn[0]!.args).toEqual([500, 0, 3000, 3000, 0, 0, 512, 512]);
    expect(drawn[2]!.args).toEqual([0, 500, 4000, 2000, 0, 0, 1024, 512]);
  });

  it('falls back to JPEG for every stack when the browser cannot encode WebP', async () => {
    mockCanvas({ webp: false });
    const out = await resizeToStacks(new Blob(['x'], { type: 'image/png' }), 'menu');
    expect(new Set(out.map((s) => s.blob.type))).toEqual(new Set(['image/jpeg']));
  });

  it('refuses files that are not pictures before decoding', async () => {
    await expect(resizeToStacks(new Blob(['%PDF'], { type: 'application/pdf' }), 'avatar')).rejects.toEqual(new ImageResizeError('type'));
  });
});

describe('uploading', () => {
  it('posts the kind and one file per stack, reporting progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.respond = { status: 201, body: { data: { id: 9, kind: 'avatar', status: 'pending', url: { t256x256: '/v1/images/9/t256x256' } } } };
    const progress: number[] = [];
    const image = await uploadImageStacks('avatar', [{ stack: 't256x256', width: 256, height: 256, blob: new Blob(['a'], { type: 'image/webp' }) }], {
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(image.id).toBe(9);
    expect(progress).toEqual([0.5, 1, 1]);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/users/me/images']);
    expect(xhr.sent!.get('kind')).toBe('avatar');
    expect((xhr.sent!.get('t256x256') as File).name).toBe('t256x256.webp');
    expect(xhr.headers['Content-Type']).toBeUndefined();
  });

  it('rejects with the server’s error and field messages', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.respond = { status: 400, body: { message: 'Please check the pictures.', code: 'VALIDATION_FAILED', errors: { t256x256: ['This picture must be 256×256 pixels; it is 10×10.'] } } };
    const err = await uploadImageStacks('avatar', [{ stack: 't256x256', width: 256, height: 256, blob: new Blob(['a'], { type: 'image/webp' }) }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).errors.t256x256).toEqual(['This picture must be 256×256 pixels; it is 10×10.']);
  });
});
