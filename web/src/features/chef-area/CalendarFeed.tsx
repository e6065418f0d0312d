// The chef's private calendar feed on the availability screen: the secret URL (GET /v1/chefs/me/calendar-feed) to
// paste into Google Calendar, Apple Calendar or Outlook, a copy button, direct subscribe links, and a way to replace
// the link (POST …/rotate) when it was shared by mistake: the old one stops working at once.
import { useState } from 'react';
import { emptyBody } from '#shared/schemas/fields';
import { Button, buttonClasses } from '../../components/Button';
import { controlClass, FormErrors } from '../../components/Field';
import { unwrap, type Answer } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { useApi } from '../../lib/swr';
import { chefMe } from './chefApi';
import { useSchemaForm } from '../../lib/schema-form';
import { Section } from './Section';
import { FormMessage, LoadError, Loading } from './states';

const calendarFeed = chefMe['calendar-feed'];

/** Calendar apps subscribe through the webcal scheme; Google takes the feed by its URL. */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');
const googleSubscribe = (url: string) => `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal(url))}`;
/** A button's label may wrap: "Zu Google Kalender hinzufügen" is wider than a phone's card. */
const WRAPS = 'max-w-full whitespace-normal text-center';

export function CalendarFeed() {
  const t = useT();
  const feed = useApi<Answer<typeof calendarFeed.$get>>(calendarFeed.$path());
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  // Making a new link is a form without fields: one send at a time, and a refusal said where the button is.
  const rotation = useSchemaForm(
    emptyBody,
    (body) => {
      setNote(null);
      return unwrap(calendarFeed.rotate.$post({ json: body }));
    },
    {
      initial: {},
      onSuccess: async (next) => {
        await feed.mutate(next, { revalidate: false });
        setNote({ tone: 'success', text: t('chefarea.calendarfeed.rotated') });
      },
    },
  );

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setNote({ tone: 'success', text: t('chefarea.calendarfeed.copied') });
    } catch {
      setNote({ tone: 'error', text: t('chefarea.calendarfeed.copyfailed') });
    }
  };

  return (
    <Section title={t('chefarea.calendarfeed.title')} description={t('chefarea.calendarfeed.intro')} testId="calendar-feed">
      {feed.error ? (
        <LoadError retry={() => void feed.mutate()} />
      ) : !feed.data ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-3">
          <label className="flex flex-col gap-1">
            <span className="field-label">{t('chefarea.calendarfeed.label')}</span>
            <input readOnly value={feed.data.url} onFocus={(e) => e.currentTarget.select()} className={controlClass(false, 'font-mono text-xs')} data-testid="calendar-feed-url" />
          </label>
          <p className="text-sm text-ink-600">{t('chefarea.calendarfeed.private')}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copy(feed.data!.url)} className={WRAPS}>{t('chefarea.calendarfeed.copy')}</Button>
            <a href={webcal(feed.data.url)} className={buttonClasses('outline', 'md', WRAPS)}>
              {t('chefarea.calendarfeed.apple')}
            </a>
            <a href={googleSubscribe(feed.data.url)} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'md', WRAPS)} data-testid="calendar-feed-google">
              {t('chefarea.calendarfeed.google')}
            </a>
          </div>
          <form {...rotation.props} className="flex flex-col gap-2 border-t border-cream-300 pt-3" data-testid="calendar-feed-rotate">
            <p className="text-sm text-ink-600">{t('chefarea.calendarfeed.rotatehint')}</p>
            <Button type="submit" variant="outline" loading={rotation.busy} className={`self-start ${WRAPS}`}>
              {t('chefarea.calendarfeed.rotate')}
            </Button>
            <FormErrors errors={rotation.formErrors} />
          </form>
          {note && (
            <FormMessage tone={note.tone} testId="calendar-feed-note">
              {note.text}
            </FormMessage>
          )}
        </div>
      )}
    </Section>
  );
}
