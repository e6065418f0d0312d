// A booking's message thread: GET/POST /v1/bookings/{id}/messages, polled every 10 seconds.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { api, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { useApi } from '../../lib/swr';

export const MESSAGES_POLL_MS = 10_000;

interface Message {
  id: number;
  text: string;
  created_at: string;
  masked: boolean;
  is_you: boolean;
  user_public: { data: { firstname: string } } | null;
}

export function BookingMessages({ bookingId }: { bookingId: number }) {
  const t = useT();
  const locale = useLocale();
  const path = `/v1/bookings/${bookingId}/messages?page_size=100`;
  const { data, error, mutate } = useApi<{ data: Message[] }>(path, { refreshInterval: MESSAGES_POLL_MS });
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setErrors(undefined);
    try {
      await api.post(`/v1/bookings/${bookingId}/messages`, { text });
      setText('');
      await mutate();
    } catch (err) {
      setErrors([err instanceof ApiError ? (err.errors.text?.[0] ?? err.message) : t('booking.errors.generic')]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="messages" aria-labelledby="messages-title" className="flex flex-col gap-4">
      <h2 id="messages-title" className="text-xl font-semibold">
        {t('bookings.messages.title')}
      </h2>
      {error && !data ? (
        <LoadError retry={() => mutate()} />
      ) : !data ? (
        <Loading />
      ) : data.data.length === 0 ? (
        <p className="text-ink-600">{t('bookings.messages.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {data.data.map((m) => {
            const mine = m.is_you;
            return (
              <li key={m.id} className={`max-w-[80%] rounded-2xl px-4 py-2 ${mine ? 'self-end bg-brand-100' : 'self-start bg-cream-100'}`}>
                <p className="whitespace-pre-wrap">{m.text}</p>
                {m.masked && <p className="text-xs text-ink-600">{t('bookings.messages.masked')}</p>}
                <p className="mt-1 text-xs text-ink-600">
                  {m.user_public?.data.firstname ?? ''} {formatDateTime(m.created_at, locale)}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <form onSubmit={send} className="flex flex-col gap-2">
        <TextAreaField name="text" label={t('bookings.messages.new')} value={text} onChange={setText} rows={3} errors={errors} />
        <Button type="submit" loading={busy} className="self-end">
          {t('bookings.messages.send')}
        </Button>
      </form>
    </section>
  );
}
