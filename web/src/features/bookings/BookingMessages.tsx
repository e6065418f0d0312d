// A booking's message thread: GET/POST /v1/bookings/{id}/messages, polled every 10 seconds. The newest 100 messages
// are fetched (newest first) and shown oldest first; reading the thread marks it seen on the server, so the caller
// hears about every load that brought someone else's messages (`onRead`) and can refresh unseen counts. The composer
// is a schema form (shared/schemas/messages.schema.ts): an empty or too long message is refused before sending, and
// a message typed and not sent is asked about before the page is left.
// A message's time is told like every other time of the booking (its status history, its deadlines): as the clocks
// show it where the event takes place, naming the zone when the viewer's clock differs (lib/event-time.ts). Chef and
// customer then read the same times, and a message sits in the same order as the status changes around it.
import { useEffect, useRef } from 'react';
import { messageBody } from '#shared/schemas/messages.schema';
import { Button } from '../../components/Button';
import { FormErrors, TextAreaField } from '../../components/Field';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { unwrap, type Answer } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { useLocale, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { useApi } from '../../lib/swr';
import { bookingCalls } from './bookingsApi';

export const MESSAGES_POLL_MS = 10_000;
/** How many of the newest messages the thread shows. */
export const MESSAGES_SHOWN = 100;

const messages = bookingCalls.messages;
export type Message = Answer<typeof messages.$get>['data'][number];

/**
 * `canWrite`: the booking still takes messages (its `message` action); otherwise the thread is read-only.
 * `timeZone`: the event's (the booking's `timezone`), in which the messages' times are told.
 */
export function BookingMessages({ bookingId, timeZone, onRead, canWrite = true }: { bookingId: number; timeZone: string; onRead?: () => void; canWrite?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const path = messages.$path({ param: { id: String(bookingId) }, query: { order_dir: 'desc', page_size: MESSAGES_SHOWN } });
  const { data, error, mutate } = useApi<Answer<typeof messages.$get>>(path, { refreshInterval: MESSAGES_POLL_MS });
  const form = useSchemaForm(messageBody, (body) => unwrap(messages.$post({ param: { id: String(bookingId) }, json: body })), {
    initial: { text: '' },
    // Sent: the box empties for the next message, and the thread shows the server's copy (masked, if it was).
    clear: true,
    onSuccess: () => mutate(),
    // The composer has one field: whatever the server refuses (the text's length or characters, the rate limit, a
    // closed thread) is said at it.
    onFailure: (failure) => (Object.keys(failure.errors).length ? failure.errors : { text: [failure.message] }),
  });

  // The newest message someone else wrote that this screen has loaded; a newer one means the server marked it seen.
  const lastRead = useRef<number | null>(null);
  const newestOther = data?.data.find((m) => !m.is_you)?.id ?? null;
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  useEffect(() => {
    if (newestOther === null || newestOther === lastRead.current) return;
    lastRead.current = newestOther;
    onReadRef.current?.();
  }, [newestOther]);

  const oldestFirst = data ? [...data.data].reverse() : [];
  return (
    <section id="messages" aria-labelledby="messages-title" className="flex flex-col gap-4">
      <h2 id="messages-title" className="text-xl font-semibold">
        {t('bookings.messages.title')}
      </h2>
      {error && !data ? (
        <LoadError retry={() => mutate()} />
      ) : !data ? (
        <Loading />
      ) : oldestFirst.length === 0 ? (
        <Empty text={t('bookings.messages.empty')} />
      ) : (
        <ol aria-label={t('bookings.messages.title')} className="flex flex-col gap-3">
          {oldestFirst.map((m) => (
            <li key={m.id} className={`max-w-[80%] rounded-2xl px-4 py-2 ${m.is_you ? 'self-end bg-brand-100' : 'self-start bg-white ring-1 ring-cream-200'}`} data-testid="message">
              <p className="whitespace-pre-wrap">{m.text}</p>
              {m.masked && <p className="text-xs text-ink-600">{t('bookings.messages.masked')}</p>}
              <p className="mt-1 text-xs text-ink-600">
                {m.is_you ? t('bookings.messages.you') : (m.user_public?.data.firstname ?? '')} ·{' '}
                <time dateTime={m.created_at}>{formatEventTime(m.created_at, timeZone, locale)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <form {...form.props} className="flex flex-col gap-2">
          <TextAreaField {...form.field('text')} label={t('bookings.messages.new')} rows={3} />
          <FormErrors errors={form.formErrors} />
          <Button type="submit" loading={form.busy} className="self-end">
            {t('bookings.messages.send')}
          </Button>
        </form>
      ) : (
        <p className="text-ink-700" data-testid="messages-closed">
          {t('bookings.messages.closed')}
        </p>
      )}
    </section>
  );
}
