// A tiny PNG encoder (RGB, 8 bit, zlib through node:zlib) and procedural demo pictures: plated food, chef avatars
// and city skylines. Everything is drawn from a seed, so the same seed gives the same bytes.
import { deflateSync } from 'node:zlib';
import { concat, crc32 } from '../../functions/_api/modules/uploads/image-check';
import { rng, type Rng } from './util';

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** Encodes RGB pixels (width × height × 3 bytes, row-major) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error('pixel buffer has the wrong size');
  const stride = width * 3;
  // Filter "Sub" on every row: smooth gradients then compress far better than unfiltered rows.
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    raw[o] = 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) raw[o + 1 + x] = (rgb[row + x]! - (x >= 3 ? rgb[row + x - 3]! : 0)) & 0xff;
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  return concat(parts);
}

type RGB = [number, number, number];

/** Math.hypot is slow in V8; this is the hot path of every shape. */
const len = (x: number, y: number) => Math.sqrt(x * x + y * y);

/** A drawing surface with soft-edged shapes; coordinates are in pixels. */
class Canvas {
  readonly px: Float32Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Float32Array(w * h * 3);
  }

  private blend(i: number, c: RGB, a: number) {
    if (a <= 0) return;
    if (a > 1) a = 1;
    const p = this.px;
    p[i] = p[i]! + (c[0] - p[i]!) * a;
    p[i + 1] = p[i + 1]! + (c[1] - p[i + 1]!) * a;
    p[i + 2] = p[i + 2]! + (c[2] - p[i + 2]!) * a;
  }

  /** Fills every pixel from a function of the normalised position. */
  fill(f: (u: number, v: number, x: number, y: number) => RGB) {
    for (let y = 0; y < this.h; y++) {
      for (let x = 0; x < this.w; x++) {
        const c = f(x / this.w, y / this.h, x, y);
        const i = (y * this.w + x) * 3;
        this.px[i] = c[0];
        this.px[i + 1] = c[1];
        this.px[i + 2] = c[2];
      }
    }
  }

  /**
   * A filled shape given by its signed distance (negative inside) within a bounding box; `soft` widens the edge,
   * `alpha` is the opacity, `shade` may vary the colour inside.
   */
  shape(
    box: [number, number, number, number],
    dist: (x: number, y: number) => number,
    color: RGB | ((x: number, y: number, d: number) => RGB),
    { soft = 1, alpha = 1 }: { soft?: number; alpha?: number } = {},
  ) {
    const x0 = Math.max(0, Math.floor(box[0] - soft));
    const y0 = Math.max(0, Math.floor(box[1] - soft));
    const x1 = Math.min(this.w - 1, Math.ceil(box[2] + soft));
    const y1 = Math.min(this.h - 1, Math.ceil(box[3] + soft));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = dist(x + 0.5, y + 0.5);
        if (d > soft) continue;
        const cover = d <= -soft ? 1 : 0.5 - d / (2 * soft);
        const c = typeof color === 'function' ? color(x + 0.5, y + 0.5, d) : color;
        this.blend((y * this.w + x) * 3, c, cover * alpha);
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: RGB | ((x: number, y: number, d: number) => RGB), opts?: { soft?: number; alpha?: number }) {
    this.shape([cx - r, cy - r, cx + r, cy + r], (x, y) => len(x - cx, y - cy) - r, color, opts);
  }

  /** An irregular blob: a circle whose radius wobbles with the angle. */
  blob(cx: number, cy: number, r: number, wobble: number[], color: RGB | ((x: number, y: number, d: number) => RGB), opts?: { soft?: number; alpha?: number }) {
    const amp = r * 0.28;
    this.shape(
      [cx - r - amp, cy - r - amp, cx + r + amp, cy + r + amp],
      (x, y) => {
        const a = Math.atan2(y - cy, x - cx);
        let rr = r;
        for (let k = 0; k < wobble.length; k++) rr += amp * wobble[k]! * Math.sin((k + 2) * a + k * 1.7);
        return len(x - cx, y - cy) - rr;
      },
      color,
      opts,
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: RGB, opts?: { soft?: number; alpha?: number }) {
    const m = Math.min(rx, ry);
    this.shape([cx - rx, cy - ry, cx + rx, cy + ry], (x, y) => (len((x - cx) / rx, (y - cy) / ry) - 1) * m, color, opts);
  }

  rect(x0: number, y0: number, x1: number, y1: number, color: RGB, opts?: { soft?: number; alpha?: number }) {
    this.shape(
      [x0, y0, x1, y1],
      (x, y) => Math.max(x0 - x, x - x1, y0 - y, y - y1),
      color,
      opts,
    );
  }

  toRgb(): Uint8Array {
    const out = new Uint8Array(this.px.length);
    for (let i = 0; i < this.px.length; i++) {
      const v = this.px[i]!;
      out[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
    return out;
  }

  png(): Uint8Array {
    return encodePng(this.w, this.h, this.toRgb());
  }
}

const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const shadeOf = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];
const jitter = (r: Rng, c: RGB, amount: number): RGB => [
  c[0] + (r.next() - 0.5) * amount,
  c[1] + (r.next() - 0.5) * amount,
  c[2] + (r.next() - 0.5) * amount,
];

/** Table surfaces: pairs of colours for a soft gradient, some with a wood grain. */
const TABLES: { a: RGB; b: RGB; grain: number }[] = [
  { a: [121, 85, 61], b: [86, 57, 40], grain: 10 }, // walnut
  { a: [196, 160, 120], b: [160, 122, 86], grain: 8 }, // oak
  { a: [52, 58, 64], b: [30, 34, 38], grain: 0 }, // slate
  { a: [232, 226, 214], b: [206, 198, 184], grain: 0 }, // linen
  { a: [39, 70, 82], b: [24, 44, 54], grain: 0 }, // petrol
  { a: [150, 62, 48], b: [110, 42, 34], grain: 0 }, // terracotta
  { a: [70, 90, 62], b: [44, 60, 40], grain: 0 }, // sage
  { a: [222, 204, 180], b: [188, 162, 132], grain: 6 }, // birch
];

/** Food palettes: a sauce/base colour and topping colours. */
const FOODS: { base: RGB; bits: RGB[] }[] = [
  { base: [196, 58, 38], bits: [[246, 236, 210], [70, 130, 50], [250, 200, 70]] }, // tomato, burrata, basil
  { base: [235, 190, 80], bits: [[160, 90, 40], [90, 140, 60], [240, 240, 225]] }, // saffron risotto
  { base: [236, 140, 110], bits: [[250, 235, 215], [60, 120, 60], [30, 30, 30]] }, // salmon
  { base: [110, 60, 36], bits: [[220, 200, 160], [180, 40, 60], [90, 130, 50]] }, // braised beef
  { base: [120, 160, 70], bits: [[240, 230, 200], [200, 60, 50], [250, 210, 80]] }, // green curry / pesto
  { base: [80, 42, 30], bits: [[240, 225, 200], [200, 30, 60], [250, 250, 245]] }, // chocolate dessert
  { base: [240, 200, 150], bits: [[200, 120, 40], [120, 170, 80], [180, 60, 100]] }, // tart
  { base: [225, 110, 40], bits: [[250, 240, 220], [40, 110, 70], [120, 60, 140]] }, // curry
  { base: [244, 236, 220], bits: [[210, 60, 70], [90, 150, 70], [240, 180, 60]] }, // panna cotta / berries
  { base: [150, 95, 60], bits: [[230, 180, 110], [70, 120, 55], [245, 245, 235]] }, // roast
];

const PLATES: RGB[] = [
  [246, 245, 240],
  [240, 236, 226],
  [224, 228, 230],
  [40, 42, 46],
  [236, 238, 244],
  [214, 200, 180],
];

/** One plated dish drawn at any size; the plate is sized by the shorter side so all three stacks match. */
export function drawDish(seed: number, w: number, h: number): Uint8Array {
  const r = rng(seed);
  const table = TABLES[seed % TABLES.length]!;
  const food = FOODS[(seed * 7 + 3) % FOODS.length]!;
  const plateColor = PLATES[r.int(0, PLATES.length - 1)]!;
  const c = new Canvas(w, h);
  const s = Math.min(w, h);
  const grainFreq = 40 + r.int(0, 40);
  const tilt = r.next() * 0.6 - 0.3;
  c.fill((u, v, x, y) => {
    const t = Math.min(1, Math.max(0, 0.5 * (u + v) + tilt * (u - 0.5)));
    let col = mix(table.a, table.b, t);
    if (table.grain) {
      const g = Math.sin((y / s) * grainFreq + Math.sin((x / s) * 3 + seed) * 2.2) * table.grain;
      col = [col[0] + g, col[1] + g * 0.8, col[2] + g * 0.6];
    }
    // Vignette.
    const d = len(u - 0.5, v - 0.5);
    return shadeOf(col, 1.05 - d * 0.45);
  });

  const cx = w / 2 + (r.next() - 0.5) * (w - s) * 0.5;
  const cy = h / 2;
  const R = s * 0.42;
  // Napkin in a corner, on wider images.
  if (w > h) {
    const nx = cx > w / 2 ? w * 0.08 : w * 0.74;
    c.rect(nx, h * 0.18, nx + w * 0.16, h * 0.86, jitter(r, [236, 232, 222], 20), { soft: 2, alpha: 0.92 });
    c.rect(nx + w * 0.03, h * 0.24, nx + w * 0.035, h * 0.8, [190, 190, 196], { soft: 1.5 });
  }
  // Shadow, rim, well.
  c.circle(cx + s * 0.015, cy + s * 0.025, R, [0, 0, 0], { soft: s * 0.03, alpha: 0.35 });
  c.circle(cx, cy, R, (x, y) => shadeOf(plateColor, 1 - 0.08 * ((x - cx + y - cy) / (2 * R))), { soft: 1.2 });
  c.circle(cx, cy, R * 0.74, shadeOf(plateColor, 0.93), { soft: s * 0.01 });
  c.circle(cx, cy, R * 0.72, plateColor, { soft: s * 0.008 });

  // The food: a sauce swoosh or base, then 3–6 blobs, then garnish dots.
  const baseR = R * (0.42 + r.next() * 0.14);
  c.blob(cx, cy, baseR, [r.next() - 0.5, r.next() - 0.5, r.next() - 0.5], (x, y, d) => shadeOf(food.base, 1 + Math.max(-0.2, d / (baseR * 3))), {
    soft: 1.5,
  });
  const pieces = r.int(4, 7);
  for (let i = 0; i < pieces; i++) {
    const a = r.next() * Math.PI * 2;
    const dist = r.next() * baseR * 0.75;
    const pr = R * (0.1 + r.next() * 0.12);
    const col = jitter(r, r.pick(food.bits), 24);
    const px = cx + Math.cos(a) * dist;
    const py = cy + Math.sin(a) * dist;
    c.blob(px + pr * 0.12, py + pr * 0.16, pr, [0.3, -0.2], [0, 0, 0], { soft: pr * 0.3, alpha: 0.25 });
    c.blob(px, py, pr, [r.next() - 0.5, r.next() - 0.5], (x, y) => shadeOf(col, 1.08 - 0.25 * ((x - px + y - py) / (2 * pr) + 0.5)), { soft: 1.2 });
  }
  const dots = r.int(6, 16);
  const herb = jitter(r, [60, 120, 50], 30);
  for (let i = 0; i < dots; i++) {
    const a = r.next() * Math.PI * 2;
    const dist = r.next() * R * 0.62;
    c.circle(cx + Math.cos(a) * dist, cy + Math.sin(a) * dist, s * (0.004 + r.next() * 0.008), r.chance(0.6) ? herb : jitter(r, food.base, 40), { soft: 1 });
  }
  return c.png();
}

const SKIN: RGB[] = [
  [247, 214, 186],
  [234, 192, 160],
  [210, 160, 120],
  [176, 122, 86],
  [128, 84, 58],
  [96, 62, 44],
];
const HAIR: RGB[] = [
  [40, 30, 24],
  [86, 58, 36],
  [160, 120, 70],
  [210, 180, 120],
  [120, 50, 30],
  [150, 150, 150],
];
const BACKDROPS: [RGB, RGB][] = [
  [[255, 214, 170], [240, 150, 110]],
  [[190, 220, 240], [120, 160, 210]],
  [[200, 230, 200], [120, 180, 140]],
  [[240, 210, 230], [190, 140, 190]],
  [[250, 236, 180], [230, 190, 90]],
  [[210, 214, 226], [150, 156, 178]],
];

/** A friendly chef portrait: backdrop, shoulders in a chef's jacket, face, hair and a toque. */
export function drawAvatar(seed: number, size = 256): Uint8Array {
  const r = rng(seed);
  const [b1, b2] = BACKDROPS[seed % BACKDROPS.length]!;
  const c = new Canvas(size, size);
  c.fill((u, v) => mix(b1, b2, Math.min(1, len(u - 0.3, v - 0.2))));
  const s = size;
  const skin = SKIN[r.int(0, SKIN.length - 1)]!;
  const hair = HAIR[r.int(0, HAIR.length - 1)]!;
  const jacket: RGB = r.chance(0.75) ? [248, 248, 246] : jitter(r, [40, 44, 52], 20);
  // Shoulders and jacket.
  c.ellipse(s * 0.5, s * 1.02, s * 0.4, s * 0.3, jacket, { soft: 1.5 });
  c.rect(s * 0.47, s * 0.76, s * 0.53, s, shadeOf(jacket, 0.88), { soft: 1 });
  for (const y of [0.82, 0.9]) {
    c.circle(s * 0.42, s * y, s * 0.012, [180, 180, 184], { soft: 1 });
    c.circle(s * 0.58, s * y, s * 0.012, [180, 180, 184], { soft: 1 });
  }
  // Neck and face.
  c.rect(s * 0.44, s * 0.58, s * 0.56, s * 0.74, shadeOf(skin, 0.9), { soft: 1.5 });
  const longHair = r.chance(0.4);
  if (longHair) {
    // Hair falling to the shoulders on both sides, behind the face.
    c.ellipse(s * 0.5, s * 0.42, s * 0.18, s * 0.15, hair, { soft: 1.5 });
    c.rect(s * 0.325, s * 0.42, s * 0.4, s * 0.64, hair, { soft: 1.5 });
    c.rect(s * 0.6, s * 0.42, s * 0.675, s * 0.64, hair, { soft: 1.5 });
  }
  c.ellipse(s * 0.5, s * 0.46, s * 0.14, s * 0.17, skin, { soft: 1.5 });
  c.ellipse(s * 0.5, s * 0.335, s * 0.145, s * 0.07, hair, { soft: 1.5 });
  // Eyes and smile.
  c.circle(s * 0.45, s * 0.45, s * 0.012, [40, 34, 30], { soft: 1 });
  c.circle(s * 0.55, s * 0.45, s * 0.012, [40, 34, 30], { soft: 1 });
  c.shape(
    [s * 0.44, s * 0.5, s * 0.56, s * 0.56],
    (x, y) => Math.abs(len(x - s * 0.5, y - s * 0.49) - s * 0.055) - s * 0.006 + (y < s * 0.515 ? s : 0),
    [150, 70, 60],
    { soft: 1 },
  );
  // Toque: band and puffs.
  const hat: RGB = [252, 252, 250];
  c.rect(s * 0.37, s * 0.22, s * 0.63, s * 0.3, shadeOf(hat, 0.95), { soft: 1.5 });
  for (const [x, y, rr] of [
    [0.39, 0.17, 0.08],
    [0.5, 0.13, 0.1],
    [0.61, 0.17, 0.08],
  ] as const) {
    c.circle(s * x, s * y, s * rr, (px, py) => shadeOf(hat, 1 - 0.08 * ((py - s * y) / (s * rr))), { soft: 1.5 });
  }
  return c.png();
}

const SKIES: [RGB, RGB][] = [
  [[252, 196, 140], [120, 110, 170]],
  [[150, 196, 234], [236, 238, 232]],
  [[250, 170, 120], [250, 225, 180]],
  [[60, 70, 120], [210, 130, 120]],
];

/**
 * A European old town at dusk: sky, sun, optional mountains (Swiss cities), a row of gabled houses with a church
 * spire and lit windows, and the lake or river in front.
 */
export function drawCity(seed: number, w: number, h: number, mountains: boolean): Uint8Array {
  const r = rng(seed);
  const [top, bottom] = SKIES[seed % SKIES.length]!;
  const c = new Canvas(w, h);
  c.fill((u, v) => mix(top, bottom, v));
  c.circle(w * (0.15 + r.next() * 0.7), h * (0.22 + r.next() * 0.12), h * 0.08, [255, 236, 190], { soft: h * 0.02, alpha: 0.9 });
  if (mountains) {
    const rock = mix(top, [90, 100, 120], 0.55);
    for (let i = 0; i < 6; i++) {
      const px = w * (i / 5) + (r.next() - 0.5) * w * 0.12;
      const ph = h * (0.28 + r.next() * 0.2);
      const base = h * 0.66;
      const half = w * (0.12 + r.next() * 0.08);
      const peak = base - ph;
      const slope = (x: number, y: number) => {
        const t = (y - peak) / (base - peak);
        return Math.abs(x - px) - t * half;
      };
      c.shape([px - half, peak, px + half, base], (x, y) => Math.max(slope(x, y), peak - y, y - base), rock, { soft: 1.2 });
      c.shape(
        [px - half, peak, px + half, peak + ph * 0.22],
        (x, y) => Math.max(slope(x, y), peak - y, y - (peak + ph * (0.16 + 0.06 * Math.sin(x * 0.08)))),
        [246, 246, 250],
        { soft: 1.2 },
      );
    }
  }
  const ground = h * 0.8;
  const spireAt = r.int(3, 8);
  let x = -r.int(0, 20);
  let n = 0;
  while (x < w) {
    const bw = w * (0.045 + r.next() * 0.04);
    const bh = h * (0.12 + r.next() * 0.14);
    const wall = jitter(r, mix([236, 214, 180], [168, 96, 80], r.next()), 20);
    const roof = jitter(r, [120, 58, 44], 24);
    const y0 = ground - bh;
    const lit = shadeOf(wall, 0.78);
    if (n === spireAt) {
      // Church: tall tower with a pointed spire.
      c.rect(x, ground - bh * 2.1, x + bw * 0.7, ground + 1, lit, { soft: 1 });
      const sx = x + bw * 0.35;
      const sy = ground - bh * 2.1;
      c.shape([x, sy - bh * 0.9, x + bw * 0.7, sy], (px, py) => Math.max(Math.abs(px - sx) - ((py - (sy - bh * 0.9)) / (bh * 0.9)) * bw * 0.35, sy - bh * 0.9 - py, py - sy), [70, 90, 84], { soft: 1 });
      c.circle(sx, sy + bh * 0.3, bw * 0.12, [245, 232, 200], { soft: 1 });
      x += bw * 0.75;
      n++;
      continue;
    }
    c.rect(x, y0, x + bw, ground + 1, lit, { soft: 1 });
    const cx = x + bw / 2;
    const rh = bw * (0.45 + r.next() * 0.3);
    c.shape([x - 2, y0 - rh, x + bw + 2, y0], (px, py) => Math.max(Math.abs(px - cx) - ((py - (y0 - rh)) / rh) * (bw / 2 + 2), y0 - rh - py, py - y0), roof, { soft: 1 });
    for (let wy = y0 + h * 0.025; wy < ground - h * 0.04; wy += h * 0.05) {
      for (let wx = x + bw * 0.18; wx < x + bw * 0.8; wx += bw * 0.28) {
        c.rect(wx, wy, wx + bw * 0.14, wy + h * 0.026, r.chance(0.55) ? [255, 214, 130] : shadeOf(wall, 0.5), { soft: 0.8 });
      }
    }
    x += bw + w * r.next() * 0.004;
    n++;
  }
  const water = shadeOf(mix(top, bottom, 0.7), 0.62);
  c.rect(0, ground, w, h, water, { soft: 1 });
  for (let i = 0; i < 50; i++) {
    const y = ground + h * 0.02 + r.next() * (h - ground - h * 0.03);
    const wx = r.next() * w;
    c.rect(wx, y, wx + w * (0.02 + r.next() * 0.05), y + 1.2, [255, 226, 170], { soft: 0.8, alpha: 0.35 });
  }
  return c.png();
}
