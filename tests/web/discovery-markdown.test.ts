import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown, safeUrl, sanitizeHtml } from '../../web/src/lib/markdown';
import { XSS_CORPUS } from '../security/xss-corpus';

/** Parses sanitised output the way the page will, and checks nothing executable survived. */
function assertInert(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  const forbidden = host.querySelectorAll('script, style, iframe, frame, object, embed, svg, math, form, input, button, link, meta, base, noscript, template, textarea');
  expect(forbidden.length, html).toBe(0);
  for (const el of Array.from(host.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on'), `${attr.name} in ${html}`).toBe(false);
      expect(['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'class', 'id'].includes(attr.name), `${attr.name} in ${html}`).toBe(false);
      if (attr.name === 'href') expect(attr.value, html).toMatch(/^(https?:|mailto:|\/(?![/\\])|#)/i);
      if (attr.name === 'src') expect(attr.value, html).toMatch(/^(https?:|\/(?![/\\]))/i);
    }
  }
  const lower = html.toLowerCase();
  for (const needle of ['javascript:', 'vbscript:', 'data:text', 'data:image']) expect(lower.includes(`="${needle}`), `${needle} in ${html}`).toBe(false);
}


describe('markdown sanitiser', () => {
  it.each(XSS_CORPUS)('renders %s without anything executable', (input) => {
    assertInert(renderMarkdown(input));
    assertInert(sanitizeHtml(input));
  });

  it('keeps ordinary markdown: paragraphs, emphasis, lists, headings and safe links', () => {
    const html = renderMarkdown('## Hello\n\nSome **bold** and _em_ text.\n\n- one\n- two\n\n[FAQ](/help), [site](https://example.com) and [mail](mailto:hi@example.com)');
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('h3')?.textContent).toBe('Hello'); // headings shift one level below the page's own
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect(host.querySelector('em')?.textContent).toBe('em');
    expect(Array.from(host.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['one', 'two']);
    const links = Array.from(host.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/help', 'https://example.com', 'mailto:hi@example.com']);
    expect(links[0]!.getAttribute('target')).toBeNull();
    expect(links[1]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.getAttribute('rel')).toContain('noopener');
    expect(host.querySelectorAll('p').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the text of removed links and unknown tags, and escapes stray angle brackets', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown('[click me](javascript:alert(1)) and <span onclick="x">kept</span> and a < b');
    expect(host.querySelector('a')).toBeNull();
    expect(host.textContent).toContain('click me');
    expect(host.textContent).toContain('kept');
    expect(host.textContent).toContain('a < b');
  });

  it.each([
    ['[click](javascript:alert(1))', 'click'],
    ['[click](javascript:alert(document.cookie)) here', 'click here'],
    ['[click](JaVaScRiPt:void(fetch(`//evil.example`)))', 'click'],
    ['[click](data:text/html,<script>alert(1)</script>)', 'click'],
    ['[click](vbscript:msgbox(1))!', 'click!'],
    ['![pic](javascript:alert(1)) after', ' after'],
  ])('renders the unsafe link %j as its plain text, never a broken "click)"', (input, text) => {
    const html = renderMarkdown(input);
    assertInert(html);
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('a, img')).toBeNull();
    expect(host.textContent).toBe(text);
  });

  it('keeps a safe link whose address has parentheses whole, and leaves code spans as written', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown('[Rösti](https://en.wikipedia.org/wiki/R%C3%B6sti_(dish)) is `[a](b(c))` good');
    const a = host.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/R%C3%B6sti_%28dish%29');
    expect(a.textContent).toBe('Rösti');
    expect(host.querySelector('code')?.textContent).toBe('[a](b(c))');
    expect(host.textContent).toBe('Rösti is [a](b(c)) good');
  });

  it('allows only http, https and mailto links, or paths on this site', () => {
    expect(safeUrl('https://example.com')).toBe('https://example.com');
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('mailto:hello@example.com')).toBe('mailto:hello@example.com');
    expect(safeUrl('/page/contact')).toBe('/page/contact');
    expect(safeUrl('#top')).toBe('#top');
    for (const bad of ['javascript:alert(1)', ' JavaScript:x', 'java\nscript:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'ftp://x', '//evil.example', '/\\evil', 'relative/path', 'tel:123']) {
      expect(safeUrl(bad), bad).toBeNull();
    }
    expect(safeUrl('mailto:x@y.z', 'image')).toBeNull();
    expect(safeUrl('#x', 'image')).toBeNull();
  });

  it('makes one-line plain text for previews', () => {
    expect(markdownToText('## Title\n\nSome **bold** [link](https://x.example) and `code`.\n- item')).toBe('Title Some bold link and code. item');
    expect(markdownToText('[click](javascript:alert(1)) and ![pic](/a_(b).png)')).toBe('click and pic');
    expect(markdownToText(null)).toBe('');
  });
});
