// Dismissing an open panel or menu by a press outside it, shared by the popovers and the header's user menu (which is
// part of the home page's first download, so this stays apart from Popover and Modal).
import { useEffect, type RefObject } from 'react';

/** Seed §9: a dropdown hides 400 ms after it is dismissed with the pointer. */
export const DROPDOWN_HIDE_DELAY_MS = 400;

/**
 * Closes an open panel when the pointer presses outside `root`: at once, or `delayMs` later for a dropdown (seed §9
 * "dropdown hide delay 400 ms"), so a press just beside the menu does not snatch it away; the pointer coming back into
 * the dropdown in that time keeps it open. Keyboard dismissal (Escape, Tab) and choosing an entry stay immediate.
 */
export function useOutsidePress(open: boolean, root: RefObject<HTMLElement | null>, close: () => void, delayMs = 0): void {
  useEffect(() => {
    if (!open) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const onPress = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node)) return cancel();
      if (delayMs <= 0) return close();
      timer ??= setTimeout(close, delayMs);
    };
    const el = root.current;
    document.addEventListener('pointerdown', onPress);
    el?.addEventListener('pointerenter', cancel);
    return () => {
      cancel();
      document.removeEventListener('pointerdown', onPress);
      el?.removeEventListener('pointerenter', cancel);
    };
  }, [open, root, close, delayMs]);
}

