// The messages menu's icon with the unseen-message badge; the header shows it at once (in the initial bundle) while
// the menu itself loads as its own chunk.
import { Icon } from '../../components/Icon';

export function MessagesMenuIcon({ unseen }: { unseen: number }) {
  return (
    <>
      <Icon name="mail" className="h-6 w-6" />
      {unseen > 0 ? (
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs font-bold leading-5 text-white" data-testid="messages-badge">
          {unseen > 99 ? '99+' : unseen}
        </span>
      ) : null}
    </>
  );
}

// p-2.5 around the 24 px icon: a 44 px target for a thumb.
export const MESSAGES_BUTTON_CLASS = 'relative flex rounded-full p-2.5 text-ink-800 hover:bg-cream-200';

/** Stands in for the menu's button until its chunk has loaded: same size and badge, nothing to operate yet. */
export function MessagesMenuPlaceholder({ unseen }: { unseen: number }) {
  return (
    <span className={MESSAGES_BUTTON_CLASS} aria-hidden="true">
      <MessagesMenuIcon unseen={unseen} />
    </span>
  );
}
