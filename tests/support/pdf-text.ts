// Reads a PDF back as a reader would: checks its structure (header, cross-reference offsets pointing at their
// objects, trailer, page tree) and extracts the text of each page as lines, from the content streams' text operators
// (Tj, TJ, ', ") at their positions, decoded from WinAnsi; Flate-compressed streams are inflated. Independent of the
// writer (functions/_api/lib/pdf.ts), so a test reads what a PDF viewer would show, in Node and in workerd alike.

const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: number[]) => bytes.map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80]! : String.fromCharCode(b))).join('');

export type PdfText = { pages: string[][]; text: string; info: Record<string, string> };

type Token = { kind: 'num'; value: number } | { kind: 'str'; bytes: number[] } | { kind: 'name' | 'op'; value: string } | { kind: '[' | ']' | '<<' | '>>' };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '%') while (i < src.length && src[i] !== '\n') i++;
    else if (c === '(') {
      const bytes: number[] = [];
      let depth = 1;
      i++;
      while (i < src.length) {
        const d = src[i]!;
        if (d === '\\') {
          const n = src[i + 1]!;
          const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
          if (oct) {
            bytes.push(parseInt(oct[0], 8) & 255);
            i += 1 + oct[0].length;
            continue;
          }
          const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
          if (n !== '\n') bytes.push(esc[n] ?? n.charCodeAt(0));
          i += 2;
          continue;
        }
        if (d === '(') depth++;
        if (d === ')' && --depth === 0) break;
        bytes.push(d.charCodeAt(0) & 255);
        i++;
      }
      i++;
      out.push({ kind: 'str', bytes });
    } else if (src.startsWith('<<', i)) {
      out.push({ kind: '<<' });
      i += 2;
    } else if (src.startsWith('>>', i)) {
      out.push({ kind: '>>' });
      i += 2;
    } else if (c === '<') {
      const end = src.indexOf('>', i);
      const hex = src.slice(i + 1, end).replace(/\s/g, '');
      const bytes: number[] = [];
      for (let k = 0; k < hex.length; k += 2) bytes.push(parseInt(hex.slice(k, k + 2).padEnd(2, '0'), 16));
      out.push({ kind: 'str', bytes });
      i = end + 1;
    } else if (c === '[' || c === ']') {
      out.push({ kind: c });
      i++;
    } else if (c === '/') {
      const m = /^\/[^\s/<>[\]()%{}]*/.exec(src.slice(i))!;
      out.push({ kind: 'name', value: m[0].slice(1) });
      i += m[0].length;
    } else {
      const m = /^[^\s/<>[\]()%{}]+/.exec(src.slice(i));
      if (!m) throw new Error(`unexpected "${c}" in a content stream`);
      const n = Number(m[0]);
      out.push(Number.isFinite(n) && /^[-+.\d]/.test(m[0]) ? { kind: 'num', value: n } : { kind: 'op', value: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

/** Text runs of one content stream with their positions, as lines top to bottom, runs left to right. */
function pageLines(content: string): string[] {
  const runs: { x: number; y: number; text: string }[] = [];
  let operands: Token[] = [];
  let array: Token[] | null = null;
  let line = { x: 0, y: 0 };
  let leading = 0;
  const show = (bytes: number[]) => runs.push({ ...line, text: decodeWinAnsi(bytes) });
  const nums = () => operands.filter((t): t is { kind: 'num'; value: number } => t.kind === 'num').map((t) => t.value);
  for (const tok of tokenize(content)) {
    if (tok.kind === '[') array = [];
    else if (tok.kind === ']') {
      operands.push({ kind: 'str', bytes: array!.flatMap((t) => (t.kind === 'str' ? t.bytes : [])) });
      array = null;
    } else if (array) array.push(tok);
    else if (tok.kind !== 'op') operands.push(tok);
    else {
      const n = nums();
      const str = operands.findLast((t) => t.kind === 'str') as { bytes: number[] } | undefined;
      switch (tok.value) {
        case 'BT':
          line = { x: 0, y: 0 };
          break;
        case 'Td':
        case 'TD':
          line = { x: line.x + n[0]!, y: line.y + n[1]! };
          if (tok.value === 'TD') leading = -n[1]!;
          break;
        case 'Tm':
          line = { x: n[4]!, y: n[5]! };
          break;
        case 'TL':
          leading = n[0]!;
          break;
        case 'T*':
          line = { x: line.x, y: line.y - leading };
          break;
        case 'Tj':
        case 'TJ':
          if (str) show(str.bytes);
          break;
        case "'":
        case '"':
          line = { x: line.x, y: line.y - leading };
          if (str) show(str.bytes);
          break;
      }
      operands = [];
    }
  }
  const byLine = new Map<number, { x: number; text: string }[]>();
  for (const r of runs) {
    const y = Math.round(r.y);
    byLine.set(y, [...(byLine.get(y) ?? []), r]);
  }
  return [...byLine.entries()].sort(([a], [b]) => b - a).map(([, rs]) => rs.sort((a, b) => a.x - b.x).map((r) => r.text).join(' '));
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const latin1 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
};

/** Parses a PDF file; throws when its structure is broken. */
export async function pdfText(file: Uint8Array | ArrayBuffer): Promise<PdfText> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const src = latin1(bytes);
  if (!src.startsWith('%PDF-1.')) throw new Error('not a PDF: no %PDF header');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(src);
  if (!startxref) throw new Error('no startxref / %%EOF at the end');
  const xrefAt = Number(startxref[1]);
  const xref = /^xref\s+0 (\d+)\s+/.exec(src.slice(xrefAt));
  if (!xref) throw new Error('startxref does not point at the xref table');
  const count = Number(xref[1]);
  const entries = src.slice(xrefAt + xref[0].length).split(/\r?\n/).slice(0, count);
  const objects = new Map<number, string>();
  entries.forEach((entry, id) => {
    const [offset, , kind] = entry.trim().split(' ');
    if (kind !== 'n') return;
    const at = Number(offset);
    if (!src.startsWith(`${id} 0 obj`, at)) throw new Error(`xref entry ${id} points at byte ${at}, not at object ${id}`);
    objects.set(id, src.slice(at, src.indexOf('endobj', at)));
  });
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(src)?.[1] ?? '';
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1]);
  const root = objects.get(ref(trailer, 'Root'));
  if (!root || !/\/Type\s*\/Catalog/.test(root)) throw new Error('the trailer does not name a catalog');
  const pagesObj = objects.get(ref(root, 'Pages'))!;
  const kids = [...(/\/Kids\s*\[([^\]]*)\]/.exec(pagesObj)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  if (Number(/\/Count\s+(\d+)/.exec(pagesObj)?.[1]) !== kids.length) throw new Error('the page count does not match the kids');

  const streamOf = async (id: number) => {
    const obj = objects.get(id)!;
    const start = obj.indexOf('stream') + 'stream'.length;
    const body = obj.slice(start).replace(/^\r?\n/, '');
    const length = Number(/\/Length\s+(\d+)/.exec(obj)?.[1]);
    const raw = Uint8Array.from(body.slice(0, length), (ch) => ch.charCodeAt(0));
    if (!body.slice(length).trimStart().startsWith('endstream')) throw new Error(`stream ${id} does not end at its /Length`);
    return /\/FlateDecode/.test(obj.slice(0, start)) ? latin1(await inflate(raw)) : latin1(raw);
  };
  const pages: string[][] = [];
  for (const kid of kids) {
    const page = objects.get(kid)!;
    if (!/\/Type\s*\/Page\b/.test(page)) throw new Error(`kid ${kid} is not a page`);
    pages.push(pageLines(await streamOf(ref(page, 'Contents'))));
  }
  const infoObj = objects.get(ref(trailer, 'Info')) ?? '';
  const info: Record<string, string> = {};
  for (const tok of [...tokenize(infoObj.replace(/^\d+ 0 obj/, ''))].reduce<Token[][]>((pairs, t, i, all) => (t.kind === 'name' && all[i + 1]?.kind === 'str' ? [...pairs, [t, all[i + 1]!]] : pairs), [])) {
    info[(tok[0] as { value: string }).value] = decodeWinAnsi((tok[1] as { bytes: number[] }).bytes);
  }
  return { pages, text: pages.map((p) => p.join('\n')).join('\n\f\n'), info };
}
