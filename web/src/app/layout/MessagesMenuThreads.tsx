// The messages menu's thread list (a lazy chunk): GET /v1/users/me/message-threads each time the menu opens. A thread
// opens the booking's messages tab, as a chef booking when the thread is the chef's, else as a customer booking
// (seed §2); the booking page reads the thread, which marks it seen.
import { Link } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { LoadError, Loading } from '../../components/LoadState';
import { client, type Answer } from '../../lib/client';
import { formatEventTimeShort } from '../../lib/event-time';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';

const threads = client.users.me['message-threads'];
/** Seed §3: message thread, plus the menu and the other party that the menu names it by. */
export type MessageThread = Answer<typeof threads.$get>['data'][number];

const THREADS_PATH = threads.$path({ query: { page_size: 20 } });

/** Where a thread opens: the chef's or the customer's booking page, on its messages tab. */
export const threadHref = (thread: Pick<MessageThread, 'order_id' | 'is_chef'>) =>
  routeUrl(thread.is_chef ? 'account.chefbookings.detail' : 'account.bookings.detail', { bookingId: thread.order_id }, { hash: 'messages' });

export default function MessagesMenuThreads({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { data, error, mutate } = useApi<Answer<typeof threads.$get>>(THREADS_PATH, { revalidateOnMount: true });

  let body;
  if (error && !data) body = <LoadError retry={() => mutate()} />;
  else if (!data) body = <Loading />;
  else if (data.data.length === 0) body = <p className="px-2 py-4 text-center text-ink-700">{t('messages.nomessagesyet')}</p>;
  else
    body = (
      <ul aria-label={t('messages.title')} className="-mx-2 flex flex-col">
        {data.data.map((thread) => {
          const author = thread.message.user_public.data;
          const other = thread.other_user_public.data;
          const booking = { menu: thread.menu.name, id: thread.order_id };
          return (
            <li key={thread.id}>
              <Link
                href={threadHref(thread)}
                onClick={onNavigate}
                className="flex gap-3 rounded-xl px-2 py-2.5 hover:bg-cream-100 focus-visible:bg-cream-100"
                data-testid="message-thread"
              >
                {/* A thread is a conversation with the other party: their name and picture first, then which booking. */}
                <Avatar name={other.firstname || '?'} src={other.avatar?.data.url.t256x256} size="sm" />
                <span className="min-w-0 flex-1">
                  {/* The time moves under the name rather than cut it short ("Mo…") in a narrow menu. */}
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span className="min-w-0 truncate text-sm font-semibold text-ink-900" data-testid="message-thread-party">
                      {other.firstname || '–'}
                    </span>
                    {thread.new_count > 0 ? (
                      <span className="shrink-0 rounded-full bg-brand-600 px-2 text-xs font-bold text-white">
                        {thread.new_count}
                        <span className="sr-only"> {t('messages.new')}</span>
                      </span>
                    ) : null}
                    {/* On the event's clock, as the booking's thread tells it, naming the zone when the device's differs. */}
                    <time dateTime={thread.message.created_at} className="ml-auto shrink-0 text-xs text-ink-600">
                      {formatEventTimeShort(thread.message.created_at, thread.timezone, locale)}
                    </time>
                  </span>
                  <span className="line-clamp-2 text-xs text-ink-600" data-testid="message-thread-booking">
                    {thread.is_chef ? t('messages.aschef', booking) : t('messages.ascustomer', booking)}
                  </span>
                  <span className={`line-clamp-2 text-sm ${thread.new_count > 0 ? 'font-semibold text-ink-900' : 'text-ink-700'}`}>
                    {author.is_you ? t('messages.you') : author.firstname}: {thread.message.text}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="flex max-h-[70vh] flex-col overflow-y-auto p-4">
      <h2 className="mb-2 text-base font-bold text-ink-900">{t('messages.title')}</h2>
      {body}
    </div>
  );
}
