// A small XML writer for the files we hand to other systems (the payout bank files): elements, attributes and text,
// escaped, with no mixed content. Elements are written in the order given, so a schema's sequence is the code's.

export type XmlElement = { name: string; attrs?: Readonly<Record<string, string>>; text?: string; children?: readonly XmlElement[] };

/** Characters XML 1.0 cannot carry at all, escaped or not (controls other than tab, line feed, carriage return). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (NOT_XML.test(text)) throw new Error('Text with a control character cannot be written to XML.');
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** An element with text, or with child elements (nulls and falses are left out, for optional elements). */
export function el(name: string, content: string | readonly (XmlElement | null | false | undefined)[], attrs?: Record<string, string>): XmlElement {
  return typeof content === 'string'
    ? { name, text: content, ...(attrs ? { attrs } : {}) }
    : { name, children: content.filter((c): c is XmlElement => !!c), ...(attrs ? { attrs } : {}) };
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.text !== undefined) {
    out.push(`${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  out.push(`${pad}<${node.name}${attrs}>`);
  for (const child of node.children ?? []) write(child, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** The document with its UTF-8 declaration, indented by two spaces, lines ending in LF. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return out.join('\n') + '\n';
}
