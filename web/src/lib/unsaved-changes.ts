// Typed work is never thrown away without asking. Forms and dialogs report unsaved changes (useUnsavedChanges,
// useUnsavedDialog, or useFormDraft, which tracks them itself); while any are reported, leaving the page through the
// app's navigation asks first (guardNavigation, the router's aroundNav, so every wouter Link and navigate() call), so
// do the browser's Back and Forward buttons (guardHistory), and leaving the site gets the browser's own prompt
// (beforeunload). A navigation to the same path only changes the query: the page and its forms stay, so it is not
// leaving. Once the person agrees to leave, the unsaved work is discarded. The full-page navigations the app makes on
// purpose (leaveTo, reloadPage: the hand-off to Apple, Google or Meta, the payment checkout) keep what is kept in
// storage (the booking form's draft), so they pass without the browser's prompt.
import { useEffect, useId } from 'react';
import type { AroundNavHandler } from 'wouter';
import { t } from './i18n';

/**
 * Ids of whatever holds unsaved changes (mounted forms, and drafts kept for later: form-draft.ts), each with whether
 * it is stored where it outlives the page (sessionStorage), so it comes back after a full-page navigation.
 */
const unsaved = new Map<string, boolean>();
const discarders = new Set<() => void>();

/** Set while the app itself leaves the page with the work kept (leaveTo, reloadPage). */
let leavingOnPurpose = false;

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (leavingOnPurpose) return;
  // Browsers show their own text; both calls are needed across engines.
  event.preventDefault();
  event.returnValue = '';
}

/**
 * Reports (or clears) unsaved changes under an id; `stored` when they are kept in storage that outlives the page. The
 * page-leave prompt is armed only while some are reported.
 */
export function markUnsaved(id: string, dirty: boolean, stored = false): void {
  const before = unsaved.size;
  if (dirty) unsaved.set(id, stored);
  else unsaved.delete(id);
  if (typeof window === 'undefined') return;
  if (!before && unsaved.size) window.addEventListener('beforeunload', onBeforeUnload);
  if (before && !unsaved.size) window.removeEventListener('beforeunload', onBeforeUnload);
}

export const hasUnsavedChanges = (): boolean => unsaved.size > 0;

/** Registers what to throw away when the person agrees to leave unsaved work (kept drafts). */
export function onDiscard(discard: () => void): () => void {
  discarders.add(discard);
  return () => discarders.delete(discard);
}

/** Throws away every unsaved change: kept drafts, and the reports of forms about to unmount. */
export function discardUnsaved(): void {
  for (const discard of discarders) discard();
  for (const id of [...unsaved.keys()]) markUnsaved(id, false);
}

/**
 * Asks, in the app's language, before unsaved work is lost. True when there is none or the person agrees to leave
 * it (it is then discarded); false to stay.
 */
export function confirmLeavingUnsaved(): boolean {
  if (!unsaved.size) return true;
  if (!window.confirm(t('common.unsavedchanges'))) return false;
  discardUnsaved();
  return true;
}

/** The browser's own full-page navigations, in one object so tests can watch them. Called through leaveTo and reloadPage. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

/**
 * A full-page navigation the app makes on purpose. What is unsaved but stored comes back after it (the booking form's
 * draft, through a sign-in with Apple, Google or Meta), so the browser's prompt, which would warn of its loss, is not
 * shown; work that lives only in this page view is asked about first, in the app's language, as a link would.
 */
function leavePage(go: () => void): void {
  if ([...unsaved.values()].some((stored) => !stored) && !window.confirm(t('common.unsavedchanges'))) return;
  leavingOnPurpose = true;
  try {
    go();
  } finally {
    // Browsers ask beforeunload as the navigation starts; should it not unload the page (a download), the guard
    // holds again for whatever comes next.
    setTimeout(() => {
      leavingOnPurpose = false;
    });
  }
}

/** Leaves for another address (an OAuth provider, the payment checkout) on purpose: see leavePage. */
export const leaveTo = (url: string): void => leavePage(() => browser.assign(url));

/** Loads the page again on purpose (the server says someone signed in meanwhile): see leavePage. */
export const reloadPage = (): void => leavePage(() => browser.reload());

/** A form reports whether it holds changes that are not saved; unmounting clears its report. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    markUnsaved(id, dirty);
    return () => markUnsaved(id, false);
  }, [id, dirty]);
}

/**
 * A dialog holding typed text: it counts as unsaved work while open (so leaving the page asks), and the returned
 * close (for Escape, the backdrop and its cancel button) asks before the text is thrown away.
 */
export function useUnsavedDialog(dirty: boolean, onClose: () => void): () => void {
  useUnsavedChanges(dirty);
  return () => {
    if (!dirty || window.confirm(t('common.unsavedchanges'))) onClose();
  };
}

const pathOf = (to: string) => new URL(to, window.location.href).pathname;

// The browser's Back and Forward cannot be cancelled: the entry has already changed when popstate arrives. So every
// entry the app makes carries its position in the session history (in history.state), and when the person chooses to
// stay, the guard goes back to the entry that was left, by the difference of the two positions.
const POSITION = 'historyPosition';
type Shown = { position: number; path: string; url: string };
let shown: Shown | undefined;
let restoring = false;

function positionOf(state: unknown): number | undefined {
  const position = state && typeof state === 'object' ? (state as Record<string, unknown>)[POSITION] : undefined;
  return typeof position === 'number' ? position : undefined;
}

const withPosition = (state: unknown, position: number) => ({ ...(state && typeof state === 'object' ? state : {}), [POSITION]: position });

function showing(position: number): Shown {
  const { pathname, search, hash } = window.location;
  return { position, path: pathname, url: pathname + search + hash };
}

function onPopState(event: PopStateEvent) {
  const position = positionOf(event.state);
  const left = shown;
  if (restoring) {
    restoring = false;
    return;
  }
  if (!left || window.location.pathname === left.path || confirmLeavingUnsaved()) {
    shown = showing(position ?? 0);
    return;
  }
  // Staying: the router never sees the entry that was declined, and the one left is shown again.
  event.stopImmediatePropagation();
  if (position !== undefined && position !== left.position) {
    restoring = true;
    window.history.go(left.position - position);
  } else window.history.pushState(withPosition(null, left.position), '', left.url);
}

/**
 * Asks before the browser's Back or Forward leaves unsaved work, and goes back to the page when declined. Called once
 * before the router mounts, so its listener runs before the router's.
 */
export function guardHistory(): void {
  const position = positionOf(window.history.state);
  if (position === undefined) window.history.replaceState(withPosition(window.history.state, 0), '');
  shown = showing(position ?? 0);
  window.removeEventListener('popstate', onPopState, true);
  window.addEventListener('popstate', onPopState, true);
}

/** The router's aroundNav: going to another page while work is unsaved asks first, and stays when declined. */
export const guardNavigation: AroundNavHandler = (navigate, to, options) => {
  if (pathOf(to) !== window.location.pathname && !confirmLeavingUnsaved()) return;
  const position = (shown?.position ?? 0) + (options?.replace ? 0 : 1);
  navigate(to, { ...options, state: withPosition(options?.state, position) });
  shown = showing(position);
};
