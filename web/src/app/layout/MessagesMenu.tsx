// The header's messages menu (seed §2, signed-in users): a button with the session user's unseen-message count that
// opens the message threads. The header is part of the home page's initial download, so this menu is a lazy chunk
// the header loads only for signed-in users, and the thread list another one, loaded when the menu opens. The unseen
// count is refreshed every minute while the page is visible.
import { lazy, Suspense, useEffect } from 'react';
import { Loading } from '../../components/LoadState';
import { DROPDOWN_HIDE_DELAY_MS } from '../../components/outside-press';
import { Popover } from '../../components/Popover';
import { useT } from '../../lib/i18n';
import { fetchSession, getSession, session } from '../../state/session';
import { MESSAGES_BUTTON_CLASS, MessagesMenuIcon } from './MessagesMenuIcon';

const MessageThreads = lazy(() => import('./MessagesMenuThreads'));

// A literal, not #shared/time's MINUTE: importing it would add the kernel's time chunk to the layout's lazy menus,
// whose preload list is part of the home page's first download.
export const UNSEEN_POLL_MS = 60_000;

/**
 * Re-reads the session user's unseen-message count. Only the count changes, so nothing else the session fetch does
 * (the complete-your-profile prompt) repeats every minute; a different or no user means the session changed
 * elsewhere (sign-out in another tab), and then the session is fetched properly.
 */
export async function refreshUnseenCount(): Promise<void> {
  try {
    const res = await getSession();
    const user = session.user;
    if (user && res.authenticated && res.data && res.data.email === user.email) {
      if (user.unseen_order_message_count !== res.data.unseen_order_message_count) user.unseen_order_message_count = res.data.unseen_order_message_count;
    } else await fetchSession();
  } catch (err) {
    console.error('Could not refresh the unseen messages', err);
  }
}

function useUnseenPolling(): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refreshUnseenCount();
    }, UNSEEN_POLL_MS);
    return () => clearInterval(timer);
  }, []);
}

export default function MessagesMenu({ unseen }: { unseen: number }) {
  const t = useT();
  useUnseenPolling();
  return (
    <Popover
      align="end"
      label={t('messages.title')}
      buttonLabel={unseen > 0 ? t('messages.buttonunseen', { count: unseen }) : t('messages.title')}
      buttonClassName={MESSAGES_BUTTON_CLASS}
      panelClassName="w-80 max-w-[calc(100vw-2rem)] p-0"
      testId="messages-menu"
      hideDelayMs={DROPDOWN_HIDE_DELAY_MS}
      trigger={<MessagesMenuIcon unseen={unseen} />}
    >
      {(close) => (
        <Suspense fallback={<Loading />}>
          <MessageThreads onNavigate={close} />
        </Suspense>
      )}
    </Popover>
  );
}
