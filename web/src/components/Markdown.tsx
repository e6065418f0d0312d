// Renders a markdown text through the sanitiser (lib/markdown.ts). Links to pages of this site navigate in place;
// links elsewhere open in a new tab.
import { useMemo, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { renderMarkdown } from '../lib/markdown';

/** Readable typography for rendered markdown, with the palette's link and heading colours. */
export const MARKDOWN_CLASSES = [
  'text-ink-800 leading-relaxed',
  '[&_p]:my-3 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink-900',
  '[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-bold [&_h4]:text-ink-900',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-3',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-cream-200 [&_code]:px-1 [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-cream-200 [&_pre]:p-3',
  '[&_hr]:my-6 [&_hr]:border-t [&_hr]:border-cream-300 [&_img]:my-3 [&_img]:rounded-xl',
].join(' ');

export interface MarkdownProps {
  source: string | null | undefined;
  className?: string;
  headingOffset?: number;
  testId?: string;
}

export function Markdown({ source, className = '', headingOffset, testId }: MarkdownProps) {
  const [, navigate] = useLocation();
  const html = useMemo(() => renderMarkdown(source, headingOffset === undefined ? {} : { headingOffset }), [source, headingOffset]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as HTMLElement).closest?.('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || link.target === '_blank') return;
    event.preventDefault();
    navigate(href);
  };

  return (
    // The click handler only turns clicks on same-site links into in-app navigation; the links stay real links.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={`${MARKDOWN_CLASSES} ${className}`} onClick={onClick} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
