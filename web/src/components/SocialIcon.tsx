// The social networks' marks, shown only in the footer (a chunk of its own), so the other icons' module stays small.
import type { ReactElement, SVGProps } from 'react';
import { stroke, SvgIcon } from './Icon';

export type SocialIconName = 'tiktok' | 'facebook' | 'instagram' | 'x' | 'bluesky';

const paths: Record<SocialIconName, ReactElement> = {
  tiktok: (
    <path
      fill="currentColor"
      d="M16.6 2h-3.3v13.2a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .8.1V9a6.3 6.3 0 1 0 5.4 6.2V8.6a7.9 7.9 0 0 0 4.6 1.5V6.8a4.6 4.6 0 0 1-4.6-4.6z"
    />
  ),
  facebook: (
    <path
      fill="currentColor"
      d="M13.4 21v-7.7H16l.4-3h-3V8.4c0-.9.3-1.5 1.6-1.5h1.6V4.2a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.2H7.5v3h2.7V21z"
    />
  ),
  instagram: (
    <g {...stroke}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </g>
  ),
  x: <path fill="currentColor" d="M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.3L5.6 21H2.6l7.1-8.1L2.2 3h6.2l4.3 5.7zm-1 16.2h1.7L7.3 4.7H5.5z" />,
  bluesky: (
    <path
      fill="currentColor"
      d="M6.3 4.3C8.6 6 11.1 9.5 12 11.4c.9-1.9 3.4-5.4 5.7-7.1 1.7-1.2 4.3-2.2 4.3.8 0 .6-.3 5-.5 5.7-.7 2.5-3.3 3.2-5.6 2.8 4 .7 5.1 3 2.9 5.2-4.2 4.3-6-1.1-6.5-2.5L12 15.7l-.3.6c-.5 1.4-2.3 6.8-6.5 2.5-2.2-2.3-1.1-4.5 2.9-5.2-2.3.4-4.9-.3-5.6-2.8-.2-.7-.5-5.1-.5-5.7 0-3 2.6-2 4.3-.8z"
    />
  ),
};

export function SocialIcon({ name, ...rest }: { name: SocialIconName; title?: string } & SVGProps<SVGSVGElement>) {
  return <SvgIcon {...rest}>{paths[name]}</SvgIcon>;
}
