// Inline markdown links and images, [text](destination) and ![alt](destination), read the way CommonMark reads them:
// the destination may hold balanced parentheses ("javascript:alert(1)", "…/wiki/Rösti_(dish)"). A plain regex stops
// at the first ")" and leaves "click)" behind. Shared by the web's renderer and text previews (web/src/lib/markdown.ts)
// and the server's meta descriptions (modules/seo).

export type MarkdownLink = { image: boolean; text: string; destination: string };

/** Where the link opened at `open` ("[") ends, with its text and destination; null when it is not a link. */
function linkAt(md: string, open: number): { text: string; destination: string; end: number } | null {
  let depth = 0;
  let close = open;
  for (; close < md.length; close++) {
    const c = md[close];
    if (c === '\\') close++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (md[close] !== ']' || md[close + 1] !== '(') return null;
  let parens = 1;
  let end = close + 2;
  for (; end < md.length; end++) {
    const c = md[end];
    if (c === '\\') end++;
    else if (c === '\n') return null;
    else if (c === '(') parens++;
    else if (c === ')' && --parens === 0) break;
  }
  if (md[end] !== ')') return null;
  return { text: md.slice(open + 1, close), destination: md.slice(close + 2, end).trim(), end: end + 1 };
}

/**
 * Every inline link and image outside code spans, replaced by what `replace` makes of it; a square bracket outside
 * them that opens or closes no link (a masked contact's "[hidden until …]") by what `stray` makes of it, if given.
 */
export function replaceMarkdownLinks(md: string, replace: (link: MarkdownLink) => string, stray?: (bracket: '[' | ']') => string): string {
  let out = '';
  let i = 0;
  while (i < md.length) {
    const c = md[i]!;
    if (c === '`') {
      // A code span runs to the next run of as many backticks; its content is never a link.
      const ticks = /^`+/.exec(md.slice(i))![0];
      const close = md.indexOf(ticks, i + ticks.length);
      const next = close === -1 ? i + ticks.length : close + ticks.length;
      out += md.slice(i, next);
      i = next;
      continue;
    }
    if (c === '\\') {
      out += md.slice(i, i + 2);
      i += 2;
      continue;
    }
    const image = c === '!' && md[i + 1] === '[';
    const link = c === '[' || image ? linkAt(md, image ? i + 1 : i) : null;
    if (link) {
      out += replace({ image, text: link.text, destination: link.destination });
      i = link.end;
      continue;
    }
    out += stray && (c === '[' || c === ']') ? stray(c) : c;
    i++;
  }
  return out;
}
