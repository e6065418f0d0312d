// Cloudflare Turnstile, the bot check of sign-up and the newsletter (seed §5, §8). No npm package exists for it, so
// this loads Cloudflare's own script (allowed by the CSP) once, renders the widget explicitly and hands out its token.
import { useCallback, useEffect, useRef, useState } from 'react';

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
/** Seed §4/§9: a token is single use and short-lived; the widget is reset after 295 s to fetch a fresh one. */
export const TURNSTILE_RESET_MS = 295_000;
export const TURNSTILE_LOAD_ERROR = 'Failed to load Turnstile.';

export type TurnstileAction = 'signup' | 'newsletter' | 'guest_answer';

export interface TurnstileRenderOptions {
  sitekey: string;
  action?: string;
  language?: string;
  theme?: 'auto' | 'light' | 'dark';
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

/** The part of `window.turnstile` we use. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Loads the script once; rejects with 'Failed to load Turnstile.' when it cannot be loaded (a later call retries). */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  if (loading) return loading;
  loading = new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      if (window.turnstile) resolve(window.turnstile);
      else fail();
    };
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error(TURNSTILE_LOAD_ERROR));
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/** Test helper: forget the loaded script. */
export function resetTurnstileLoader(): void {
  loading = null;
}

export interface TurnstileState {
  /** False when no site key is configured (local runs): no widget, and the form sends an empty token. */
  enabled: boolean;
  /** The current token, or '' while there is none. */
  token: string;
  /** Set when the script failed to load or the widget reported an error. */
  error: string | null;
  /** Attach to the element the widget renders into. */
  containerRef: (el: HTMLDivElement | null) => void;
  /** Asks for a new token, e.g. after a failed submit spent the old one. */
  reset: () => void;
}

/**
 * Renders the widget explicitly with `siteKey` and `action` into the element behind `containerRef`. The token is
 * dropped and the widget reset 295 s after it was issued, before Cloudflare would refuse it.
 */
export function useTurnstile(siteKey: string | null | undefined, action: TurnstileAction, language?: string): TurnstileState {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const enabled = Boolean(siteKey);

  const clearExpiry = () => {
    if (expiry.current) clearTimeout(expiry.current);
    expiry.current = null;
  };

  const reset = useCallback(() => {
    clearExpiry();
    setToken('');
    if (widget.current) widget.current.api.reset(widget.current.id);
  }, []);

  useEffect(() => {
    if (!siteKey || !container) return;
    let cancelled = false;
    loadTurnstile().then(
      (api) => {
        if (cancelled) return;
        const id = api.render(container, {
          sitekey: siteKey,
          action,
          ...(language ? { language } : {}),
          theme: 'light',
          callback: (value) => {
            clearExpiry();
            setError(null);
            setToken(value);
            expiry.current = setTimeout(reset, TURNSTILE_RESET_MS);
          },
          'expired-callback': () => {
            clearExpiry();
            setToken('');
          },
          'error-callback': () => {
            clearExpiry();
            setToken('');
            setError(TURNSTILE_LOAD_ERROR);
          },
        });
        widget.current = { api, id };
      },
      (err: unknown) => {
        if (cancelled) return;
        console.error(err);
        setError(err instanceof Error ? err.message : TURNSTILE_LOAD_ERROR);
      },
    );
    return () => {
      cancelled = true;
      clearExpiry();
      if (widget.current) {
        try {
          widget.current.api.remove(widget.current.id);
        } catch {
          /* already gone */
        }
      }
      widget.current = null;
    };
  }, [siteKey, action, language, container, reset]);

  return { enabled, token, error, containerRef: setContainer, reset };
}
