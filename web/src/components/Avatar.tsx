// A round avatar; without an image (or when it fails to load) it shows the person's initials (seed §9).
import { useState } from 'react';
import { initials } from '../lib/chef';

const sizes = { xs: 'h-7 w-7 text-xs', sm: 'h-9 w-9 text-sm', md: 'h-12 w-12 text-base', lg: 'h-20 w-20 text-2xl', xl: 'h-32 w-32 text-4xl' };

export interface AvatarProps {
  name: string;
  src?: string | null | undefined;
  size?: keyof typeof sizes;
  /** When the name is not shown next to the avatar, announce it. */
  labelled?: boolean;
  className?: string;
}

export function Avatar({ name, src, size = 'sm', labelled = false, className = '' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizes[size]} ${className}`;

  if (src && !failed) {
    return <img src={src} alt={labelled ? name : ''} className={`${base} object-cover bg-cream-200`} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
  }
  return (
    <span
      className={`${base} bg-brand-100 font-semibold text-brand-800`}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? name : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      {initials(name)}
    </span>
  );
}
