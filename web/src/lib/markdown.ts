// Markdown for texts that others write (chef bios, menu descriptions, FAQ answers, content pages): snarkdown turns it
// into HTML, which may still carry raw HTML from the source, so the result is rebuilt from an allowlist. Only listed
// tags and attributes survive, links may only use http, https or mailto (or stay on this site), and everything is
// re-escaped on the way out, so no handler, script or data:/javascript: URL can reach the page.
import snarkdown from 'snarkdown';
import { replaceMarkdownLinks } from '#shared/markdown-links';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 's', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'img',
]);

/** Elements whose content is never text for the reader: dropped with everything inside. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'svg', 'math', 'noscript',
  'noembed', 'noframes', 'xmp', 'plaintext', 'textarea', 'select', 'option', 'title', 'head', 'link', 'meta', 'base',
  'form', 'input', 'button', 'audio', 'video', 'source', 'track', 'canvas', 'portal',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

export interface MarkdownOptions {
  /** Added to heading levels so a text's "# Title" does not compete with the page's own h1 (default 1). */
  headingOffset?: number;
}

/**
 * A URL that may be used, or null. Browsers ignore control characters and whitespace inside a scheme
 * ("java\tscript:"), so those are removed before the scheme is read. Without a scheme only same-site paths ("/help")
 * and, for links, fragments ("#top") are allowed; protocol-relative and backslash forms are not.
 */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  const value = raw.trim();
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!compact) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return (kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).has(scheme[1]!.toLowerCase()) ? value : null;
  if (compact.includes('\\')) return null;
  if (compact.startsWith('/') && !compact.startsWith('//')) return value;
  if (kind === 'link' && compact.startsWith('#')) return value;
  return null;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

function serialise(parent: Node, offset: number, out: string[]): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === TEXT_NODE) {
      out.push(escapeText((node as Text).data));
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue; // comments, processing instructions
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      serialise(el, offset, out); // unknown wrapper: keep its text
      continue;
    }

    let name = tag;
    const attrs: string[] = [];
    if (/^h[1-6]$/.test(tag)) {
      name = `h${Math.min(6, Math.max(1, Number(tag[1]) + offset))}`;
    } else if (tag === 'a') {
      const href = safeUrl(el.getAttribute('href') ?? '', 'link');
      if (!href) {
        serialise(el, offset, out); // a link we cannot keep still shows its text
        continue;
      }
      attrs.push(`href="${escapeAttr(href)}"`);
      if (/^https?:/i.test(href.trim())) attrs.push('target="_blank"', 'rel="noopener noreferrer nofollow"');
    } else if (tag === 'img') {
      const src = safeUrl(el.getAttribute('src') ?? '', 'image');
      if (!src) continue;
      attrs.push(`src="${escapeAttr(src)}"`, `alt="${escapeAttr(el.getAttribute('alt') ?? '')}"`, 'loading="lazy"', 'decoding="async"');
    }
    const title = el.getAttribute('title');
    if (title && (tag === 'a' || tag === 'img')) attrs.push(`title="${escapeAttr(title)}"`);

    const open = `<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
    if (VOID_TAGS.has(tag)) {
      out.push(open);
      continue;
    }
    const inner: string[] = [];
    serialise(el, offset, inner);
    const content = inner.join('');
    if (tag === 'p' && !content.trim()) continue; // parser leftovers around lists and headings
    out.push(open, content, `</${name}>`);
  }
}

/** Keeps only allowlisted tags, attributes and URLs of an HTML fragment; returns escaped plain text without a DOM. */
export function sanitizeHtml(html: string, options: MarkdownOptions = {}): string {
  if (typeof document === 'undefined') return escapeText(html.replace(/<[^>]*>/g, ''));
  // A template's content is inert: parsing it runs no script and loads no image, frame or stylesheet.
  const template = document.createElement('template');
  template.innerHTML = html;
  const out: string[] = [];
  serialise(template.content, options.headingOffset ?? 1, out);
  return out.join('');
}

/** Splits on blank lines outside code fences: snarkdown has no paragraphs, so each block becomes one. */
function blocks(md: string): string[] {
  const result: string[] = [];
  let current: string[] = [];
  let fenced = false;
  for (const line of md.split('\n')) {
    if (/^```/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '') {
      if (current.length) result.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length) result.push(current.join('\n'));
  return result;
}

const BLOCK_START = /^<(h[1-6]|ul|ol|pre|blockquote|hr)\b/;

/** A square bracket as an HTML character reference: text for the sanitiser's parser, nothing snarkdown reads. */
const BRACKET_REFERENCE = { '[': '&#91;', ']': '&#93;' } as const;

/**
 * snarkdown ends a link's destination at its first ")": "[click](javascript:alert(1))" would become a link to
 * "javascript:alert(1" followed by "click)". Parentheses inside destinations are escaped first, so the whole
 * destination reaches the sanitiser, which keeps a safe link and turns an unsafe one into its plain text.
 * snarkdown also reads any "[" … "]" as a link without a destination, which the sanitiser drops, brackets and all:
 * a masked contact detail ("[hidden until the booking is confirmed]", lib/masking.ts on the server) or any other
 * bracketed aside would lose its brackets. Brackets that are not part of a link become character references.
 */
const escapeForSnarkdown = (block: string) =>
  /^```/.test(block)
    ? block
    : replaceMarkdownLinks(
        block,
        (l) => `${l.image ? '!' : ''}[${l.text}](${l.destination.replace(/\(/g, '%28').replace(/\)/g, '%29')})`,
        (bracket) => BRACKET_REFERENCE[bracket],
      );

/** Markdown → sanitised HTML, ready for dangerouslySetInnerHTML. */
export function renderMarkdown(md: string | null | undefined, options: MarkdownOptions = {}): string {
  if (!md) return '';
  const html = blocks(md.replace(/\r\n?/g, '\n'))
    .map((block) => {
      const out = snarkdown(escapeForSnarkdown(block));
      return BLOCK_START.test(out) ? out : `<p>${out}</p>`;
    })
    .join('');
  return sanitizeHtml(html, options);
}

/** A one-line plain-text preview of a markdown text (cards, meta descriptions): markup and link targets removed. */
export function markdownToText(md: string | null | undefined): string {
  if (!md) return '';
  return replaceMarkdownLinks(md.replace(/```[\s\S]*?```/g, ' '), (l) => l.text)
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|~~|[*_`])/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
