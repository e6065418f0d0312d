// Typed work is never thrown away without asking. Forms report unsaved changes (useUnsavedChanges, or useFormDraft,
// which tracks them itself); while any are reported, leaving the page through the app's navigation asks first
// (guardNavigation, the router's aroundNav, so every wouter Link and navigate() call) and leaving the site gets the
// browser's own prompt (beforeunload). A navigation to the same path only changes the query: the page and its forms
// stay, so it is not leaving. Once the person agrees to leave, the unsaved work is discarded.
import { useEffect, useId } from 'react';
import type { AroundNavHandler } from 'wouter';
import { t } from './i18n';

/** Ids of whatever holds unsaved changes: mounted forms, and drafts kept for later (form-draft.ts). */
const unsaved = new Set<string>();
const discarders = new Set<() => void>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  // Browsers show their own text; both calls are needed across engines.
  event.preventDefault();
  event.returnValue = '';
}

/** Reports (or clears) unsaved changes under an id. The page-leave prompt is armed only while some are reported. */
export function markUnsaved(id: string, dirty: boolean): void {
  const before = unsaved.size;
  if (dirty) unsaved.add(id);
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
  for (const id of [...unsaved]) markUnsaved(id, false);
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

/** A form reports whether it holds changes that are not saved; unmounting clears its report. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    markUnsaved(id, dirty);
    return () => markUnsaved(id, false);
  }, [id, dirty]);
}

const pathOf = (to: string) => new URL(to, window.location.href).pathname;

/** The router's aroundNav: going to another page while work is unsaved asks first, and stays when declined. */
export const guardNavigation: AroundNavHandler = (navigate, to, options) => {
  if (pathOf(to) === window.location.pathname || confirmLeavingUnsaved()) navigate(to, options);
};
