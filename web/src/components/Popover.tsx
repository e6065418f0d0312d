// A button that opens a small floating panel (filters, pickers, the messages dropdown). The panel sits 5 px below its
// button, closes on Escape or a press outside, and fades out for 150 ms before it is removed (seed §9 "popover dispose
// 150 ms; distance 5"). Focus moves into the panel when it opens and back to the button when Escape closes it.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { focusableIn } from './Modal';
import { useOutsidePress } from './outside-press';

/** Seed §9: popover dispose delay and distance from its anchor. */
export const POPOVER_DISPOSE_MS = 150;
export const POPOVER_DISTANCE_PX = 5;
/** Seed §9: tooltips show after 200 ms and hide at once (dropdowns: DROPDOWN_HIDE_DELAY_MS in outside-press.ts). */
export const TOOLTIP_SHOW_DELAY_MS = 200;
export const TOOLTIP_HIDE_DELAY_MS = 0;

/** Keeps a closed panel mounted for `ms` so it can fade out; returns [mounted, visible]. */
export function useDisposable(open: boolean, ms = POPOVER_DISPOSE_MS): [boolean, boolean] {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  return [open || mounted, open];
}

export interface PopoverProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the panel. */
  label: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'start' | 'end';
  buttonClassName?: string;
  panelClassName?: string;
  /** Extra accessible text on the trigger, e.g. how many filters are active. */
  buttonLabel?: string;
  testId?: string;
  /** A dropdown waits this long before a press outside hides it (DROPDOWN_HIDE_DELAY_MS); filter popovers close at once. */
  hideDelayMs?: number;
}

export function Popover({ trigger, label, children, align = 'start', buttonClassName = '', panelClassName = '', buttonLabel, testId, hideDelayMs = 0 }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [mounted, visible] = useDisposable(open);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  const closeOutside = useCallback(() => close(), [close]);
  useOutsidePress(open, root, closeOutside, hideDelayMs);

  useEffect(() => {
    if (!open) return;
    const first = panel.current ? focusableIn(panel.current)[0] : undefined;
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  return (
    <div ref={root} className="relative" data-testid={testId}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={mounted ? panelId : undefined}
        aria-label={buttonLabel}
        onClick={() => setOpen((v) => !v)}
        className={buttonClassName}
      >
        {trigger}
      </button>
      {mounted ? (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          style={{ top: `calc(100% + ${POPOVER_DISTANCE_PX}px)`, transitionDuration: `${POPOVER_DISPOSE_MS}ms` }}
          className={`absolute z-40 min-w-64 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-cream-300 transition-opacity focus:outline-none ${
            align === 'end' ? 'right-0' : 'left-0'
          } ${visible ? 'opacity-100' : 'pointer-events-none opacity-0'} ${panelClassName}`}
        >
          {typeof children === 'function' ? children(() => close(true)) : children}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A short explanation for an element (a badge, an icon): shown 200 ms after hover or focus, hidden at once when the
 * pointer or focus leaves. The element is focusable so keyboard users get it too.
 */
export function Tooltip({ text, children, className = '' }: { text: string; children: ReactNode; className?: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    timer.current = setTimeout(() => setShown(true), TOOLTIP_SHOW_DELAY_MS);
  };
  const hide = () => {
    clear();
    if (TOOLTIP_HIDE_DELAY_MS) timer.current = setTimeout(() => setShown(false), TOOLTIP_HIDE_DELAY_MS);
    else setShown(false);
  };
  useEffect(() => clear, []);
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setShown(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  return (
    <span
      className={`relative inline-flex ${className}`}
      tabIndex={0}
      aria-describedby={id}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        style={{ top: `calc(100% + ${POPOVER_DISTANCE_PX}px)` }}
        className={`pointer-events-none absolute left-1/2 z-40 w-max max-w-60 -translate-x-1/2 rounded-lg bg-ink-900 px-3 py-2 text-left text-xs font-medium normal-case tracking-normal text-white shadow-lg ${
          shown ? 'block' : 'hidden'
        }`}
      >
        {text}
      </span>
    </span>
  );
}
