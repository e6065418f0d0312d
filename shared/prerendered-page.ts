// A page prerendered at build time (web/src/prerender.tsx writes it, functions/_api/modules/seo/prerender.ts puts it
// into index.html for the edge to serve).
export interface PrerenderedPage {
  /** <html lang> */
  lang: string;
  title: string;
  description: string;
  /** What the client renders into #root. */
  markup: string;
}
