// Buttons in five variants. A loading button stays loading for at least 400 ms (seed §4) so quick requests don't
// flicker; an onClick that returns a promise shows the loading state until it settles.
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../lib/i18n';
import { Spinner } from './Spinner';

export const MIN_LOADING_MS = 400;

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Literal class names, so UnoCSS finds every shortcut when it scans the source.
const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  danger: 'btn-danger',
};
const SIZE_CLASSES: Record<ButtonSize, string> = { sm: 'btn-sm', md: 'btn-md', lg: 'btn-lg' };

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn ${SIZE_CLASSES[size]} ${VARIANT_CLASSES[variant]} ${extra}`.trim();
}

/** True while `active`, and for the rest of `minMs` after it started. */
export function useMinimumDuration(active: boolean, minMs = MIN_LOADING_MS): boolean {
  const [holding, setHolding] = useState(active);
  const startedAt = useRef<number | null>(active ? Date.now() : null);

  useEffect(() => {
    if (active) {
      if (startedAt.current === null) startedAt.current = Date.now();
      setHolding(true);
      return;
    }
    if (startedAt.current === null) {
      setHolding(false);
      return;
    }
    const remaining = minMs - (Date.now() - startedAt.current);
    const release = () => {
      startedAt.current = null;
      setHolding(false);
    };
    if (remaining <= 0) {
      release();
      return;
    }
    const timer = setTimeout(release, remaining);
    return () => clearTimeout(timer);
  }, [active, minMs]);

  return active || holding;
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  fullWidth?: boolean;
  icon?: ReactNode;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  icon,
  type = 'button',
  className = '',
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const busy = useMinimumDuration(loading || pending);

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A busy button stays focusable (aria-disabled) but ignores clicks, so double submits cannot happen.
    if (busy) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      (result as Promise<unknown>).then(
        () => mounted.current && setPending(false),
        () => mounted.current && setPending(false),
      );
    }
  };

  return (
    <button
      type={type}
      className={buttonClasses(variant, size, `${fullWidth ? 'w-full' : ''} ${className}`)}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={handleClick}
      {...rest}
    >
      {busy ? <Spinner className="h-4 w-4" /> : icon}
      <span>{children}</span>
      {busy ? <span className="sr-only">{t('common.loading')}</span> : null}
    </button>
  );
}

/** A link that looks like a button (client-side navigation). */
export function LinkButton({
  href,
  variant = 'primary',
  size = 'md',
  className = '',
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClasses(variant, size, className)}>
      {children}
    </Link>
  );
}
