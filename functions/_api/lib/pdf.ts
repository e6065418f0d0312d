// A small PDF writer for the receipts and statements: A4 pages of text lines and rules in the standard Helvetica
// fonts (WinAnsiEncoding), written as plain ASCII with uncompressed content streams. It runs unchanged in workerd
// and Node and adds a few KB to the Functions bundle, where pdf-lib would add about 150 KB gzip (README Decisions,
// "Receipts and statements"). Characters WinAnsi cannot encode are transliterated (see winAnsi).

const PAGE = { width: 595, height: 842, margin: 50 } as const;

/** Unicode code points of WinAnsiEncoding's bytes 0x80–0x9F; 0x20–0x7E and 0xA0–0xFF are Latin-1 itself. */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** Letters with no WinAnsi form and no decomposition to one, and spaces Intl's number formats use. */
const SUBSTITUTES: Record<string, string> = {
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H', ŀ: 'l', Ŀ: 'L', ŋ: 'ng', ſ: 's', ə: 'e', Ə: 'E',
  '\u202f': '\u00a0', '\u2009': ' ', '\u2007': ' ', '\u2212': '-', '\u2010': '-', '\u2011': '-',
};

/** Cyrillic and Greek letters in a plain Latin spelling (names of customers and chefs from anywhere). */
const SCRIPTS: Record<string, string> = Object.fromEntries(
  [
    'а a б b в v г g д d е e ё e ж zh з z и i й y к k л l м m н n о o п p р r с s т t у u ф f х kh ц ts ч ch ш sh щ shch ъ _ ы y ь _ э e ю yu я ya і i ї yi є ye ґ g',
    'α a β v γ g δ d ε e ζ z η i θ th ι i κ k λ l μ m ν n ξ x ο o π p ρ r σ s ς s τ t υ y φ f χ ch ψ ps ω o',
  ]
    .join(' ')
    .split(' ')
    .reduce<[string, string][]>((pairs, word, i, all) => (i % 2 ? pairs : [...pairs, [word, all[i + 1]!.replace('_', '')]]), [])
    .flatMap(([from, to]) => [
      [from, to],
      [from.toUpperCase(), to.charAt(0).toUpperCase() + to.slice(1)],
    ]),
);

const byteOf = (cp: number): number | null => ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) ? cp : (CP1252_HIGH[cp] ?? null));

/**
 * The text as WinAnsi bytes: characters it has stay as they are; others lose their accents (ą → a), use a plain
 * Latin spelling (ł → l, Жанна → Zhanna), and anything left (Chinese, emoji) becomes "?".
 */
export function winAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    const direct = byteOf(ch.codePointAt(0)!);
    if (direct != null) {
      out.push(direct);
      continue;
    }
    const substitute = SUBSTITUTES[ch] ?? SCRIPTS[ch];
    const plain = substitute ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
    const bytes = [...plain].map((c) => byteOf(c.codePointAt(0)!));
    if (plain && bytes.every((b) => b != null)) out.push(...(bytes as number[]));
    else if (!/\p{M}/u.test(ch)) out.push(0x3f);
  }
  return out;
}

// Helvetica's advance widths (1/1000 em) for 0x20–0x7E, from its AFM; Helvetica-Bold's digits and punctuation used
// in amounts are the same, and its letters are close enough for right-aligning a column.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HIGH_WIDTHS: Record<number, number> = { 0x80: 556, 0x85: 1000, 0x91: 222, 0x92: 222, 0x93: 333, 0x94: 333, 0x95: 350, 0x96: 556, 0x97: 1000, 0xa0: 278, 0xb0: 400, 0xb7: 278, 0xd7: 584, 0xab: 556, 0xbb: 556, 0xc6: 1000, 0xe6: 889, 0xdf: 611, 0x8c: 1000, 0x9c: 944 };

function byteWidth(b: number): number {
  if (b >= 0x20 && b <= 0x7e) return ASCII_WIDTHS[b - 0x20]!;
  const known = HIGH_WIDTHS[b];
  if (known) return known;
  // Accented letters are as wide as their base letter.
  const base = String.fromCharCode(b).normalize('NFD').charCodeAt(0);
  return base >= 0x20 && base <= 0x7e ? ASCII_WIDTHS[base - 0x20]! : 556;
}

const widthOf = (bytes: number[], size: number) => (bytes.reduce((sum, b) => sum + byteWidth(b), 0) * size) / 1000;

/** A PDF literal string of WinAnsi bytes, ASCII only: ( ) \ escaped, bytes above 0x7E as octal escapes. */
const literal = (bytes: number[]) =>
  `(${bytes.map((b) => (b === 0x28 || b === 0x29 || b === 0x5c ? `\\${String.fromCharCode(b)}` : b > 0x7e ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b))).join('')})`;

export type Cell = {
  text: string;
  /** Left edge (align left) or right edge (align right), in points from the left margin. */
  x: number;
  align?: 'left' | 'right';
  /** Longer text is cut with "…" to fit. */
  maxWidth?: number;
  bold?: boolean;
  size?: number;
  muted?: boolean;
};

/** The usable width between the margins, for laying out columns. */
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/**
 * A document written top to bottom: rows of cells at the cursor, rules and gaps; a row that does not fit starts a
 * new page. `bytes()` returns the finished file.
 */
export class PdfWriter {
  private pages: string[][] = [[]];
  private y: number = PAGE.height - PAGE.margin;

  constructor(private readonly title: string) {}

  /** One line of cells; `height` is the space it takes. */
  row(cells: Cell[], height = 14): this {
    this.ensure(height);
    const baseline = this.y - height + 4;
    for (const cell of cells) {
      const size = cell.size ?? 9;
      let bytes = winAnsi(cell.text);
      if (cell.maxWidth && widthOf(bytes, size) > cell.maxWidth) {
        while (bytes.length && widthOf([...bytes, 0x85], size) > cell.maxWidth) bytes = bytes.slice(0, -1);
        bytes = [...bytes, 0x85];
      }
      const x = PAGE.margin + (cell.align === 'right' ? cell.x - widthOf(bytes, size) : cell.x);
      this.page.push(`${cell.muted ? '0.4' : '0'} g BT /${cell.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${baseline.toFixed(2)} Td ${literal(bytes)} Tj ET`);
    }
    this.y -= height;
    return this;
  }

  /** A horizontal rule across the content width. */
  rule(strong = false): this {
    this.ensure(6);
    this.y -= 3;
    this.page.push(`${strong ? '0 G 0.8' : '0.75 G 0.5'} w ${PAGE.margin} ${this.y.toFixed(2)} m ${PAGE.width - PAGE.margin} ${this.y.toFixed(2)} l S`);
    this.y -= 3;
    return this;
  }

  gap(height: number): this {
    this.y -= height;
    return this;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): this {
    if (this.y - height < PAGE.margin) {
      this.pages.push([]);
      this.y = PAGE.height - PAGE.margin;
    }
    return this;
  }

  private get page() {
    return this.pages[this.pages.length - 1]!;
  }

  bytes(): Uint8Array {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) + 2; // ids 1 (catalog) and 2 (pages) come first
    const fonts = [add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'), add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')];
    const info = add(`<< /Title ${literal(winAnsi(this.title))} /Producer (YourLocalChef) >>`);
    const kids = this.pages.map((ops) => {
      const content = ops.join('\n');
      const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
      return add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${fonts[0]} 0 R /F2 ${fonts[1]} 0 R >> >> /Contents ${stream} 0 R >>`);
    });
    const all = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, ...objects];
    let out = '%PDF-1.4\n';
    const offsets = all.map((body, i) => {
      const at = out.length;
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
      return at;
    });
    const xref = out.length;
    out += `xref\n0 ${all.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    out += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return new TextEncoder().encode(out);
  }
}
