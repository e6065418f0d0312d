// A strict, small XML parser for tests that read the files we write (the payout bank files): one root element,
// matching tags, quoted attributes, only the five predefined entities and character references, no mixed content,
// no DOCTYPE or processing instructions after the declaration. Anything else throws, so a malformed file fails.

export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(raw: string, at: number): string {
  if (raw.includes('<')) throw new Error(`Unescaped < at ${at}`);
  return raw.replace(/&([^;]*);|&/g, (m, entity: string | undefined) => {
    if (entity === undefined) throw new Error(`A bare & at ${at}`);
    if (ENTITIES[entity]) return ENTITIES[entity];
    const num = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.exec(entity);
    if (!num) throw new Error(`Unknown entity &${entity}; at ${at}`);
    return String.fromCodePoint(num[1]!.startsWith('x') ? parseInt(num[1]!.slice(1), 16) : Number(num[1]));
  });
}

export function parseXml(src: string): XmlNode {
  let i = 0;
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(src);
  if (decl) i = decl[0].length;
  else if (src.startsWith('<?')) throw new Error('Malformed XML declaration');

  function element(): XmlNode {
    if (src[i] !== '<') throw new Error(`Expected < at ${i}`);
    i++;
    const name = NAME.exec(src.slice(i))?.[0];
    if (!name) throw new Error(`Expected an element name at ${i}`);
    i += name.length;
    const node: XmlNode = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))![0];
      i += ws.length;
      if (src.startsWith('/>', i)) {
        i += 2;
        return node;
      }
      if (src[i] === '>') {
        i++;
        break;
      }
      if (!ws) throw new Error(`Expected white space before an attribute at ${i}`);
      const attr = /^([A-Za-z_][A-Za-z0-9_.:-]*)="([^"]*)"/.exec(src.slice(i));
      if (!attr) throw new Error(`Malformed attribute at ${i}`);
      if (attr[1]! in node.attrs) throw new Error(`Duplicate attribute ${attr[1]} at ${i}`);
      node.attrs[attr[1]!] = unescape(attr[2]!, i);
      i += attr[0].length;
    }
    let text = '';
    for (;;) {
      if (i >= src.length) throw new Error(`Unclosed <${name}>`);
      if (src.startsWith('</', i)) {
        const close = /^<\/([A-Za-z_][A-Za-z0-9_.:-]*)\s*>/.exec(src.slice(i));
        if (!close || close[1] !== name) throw new Error(`Expected </${name}> at ${i}`);
        i += close[0].length;
        if (node.children.length && text.trim()) throw new Error(`Mixed content in <${name}>`);
        node.text = node.children.length ? '' : unescape(text, i);
        return node;
      }
      if (src.startsWith('<!--', i) || src.startsWith('<?', i) || src.startsWith('<!', i)) throw new Error(`Unexpected markup at ${i}`);
      if (src[i] === '<') node.children.push(element());
      else {
        const end = src.indexOf('<', i);
        if (end < 0) throw new Error(`Unclosed <${name}>`);
        text += src.slice(i, end);
        i = end;
      }
    }
  }

  const root = element();
  if (src.slice(i).trim()) throw new Error(`Content after the root element at ${i}`);
  return root;
}

/** The only child named `name` (throws when there is none or several). */
export function child(node: XmlNode, name: string): XmlNode {
  const found = node.children.filter((c) => c.name === name);
  if (found.length !== 1) throw new Error(`<${node.name}> has ${found.length} <${name}>`);
  return found[0]!;
}

/** Follows a path of single children: at(doc, 'CstmrCdtTrfInitn/GrpHdr/MsgId'). */
export const at = (node: XmlNode, path: string): XmlNode => path.split('/').reduce(child, node);

/** The names of an element's children in order, to compare with a schema's sequence. */
export const childNames = (node: XmlNode): string[] => node.children.map((c) => c.name);

/** Every text value in the document (element texts and attribute values). */
export function allTexts(node: XmlNode): string[] {
  return [...Object.values(node.attrs), ...(node.children.length ? node.children.flatMap(allTexts) : [node.text])];
}
