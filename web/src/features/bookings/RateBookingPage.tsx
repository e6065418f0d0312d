// Rating a completed booking (me/bookings/:bookingId/rate): the seed's five ratings 1–5 as star radio groups plus a
// text (ReviewForm), sent once with POST /v1/users/me/orders/{id}/rate; leaving with unsaved ratings or text asks first. A booking
// that cannot be rated (not completed, already rated, or past the 14 days) gets an explanation and a link back
// instead of the form.
import { Link, useLocation } from 'wouter';
import { LoadError, Loading } from '../../components/LoadState';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { rateBody } from '#shared/schemas/reviews.schema';
import { ReviewForm } from './ReviewForm';
import { bookingPaths, type Booking } from './bookingsApi';
import { client, unwrap } from '../../lib/client';

/** The seed's rating fields, in the order the form shows them. */
export const RATING_FIELDS = ['rating_food', 'rating_service', 'rating_hygiene', 'rating_value', 'rating_communication'] as const;


/** Why a booking cannot be rated, or null when the form may be shown. */
export function notRateableReason(b: Booking): 'reviewed' | 'expired' | 'status' | null {
  if (b.status === 'reviewed' || b.review) return 'reviewed';
  if (b.status !== 'completed') return 'status';
  if (!b.actions.includes('rate')) return 'expired';
  return null;
}

export default function RateBookingPage({ params }: PageProps) {
  const t = useT();
  const bookingId = params.bookingId ?? '';
  const { data, error, mutate } = useApi<{ data: Booking }>(/^\d+$/.test(bookingId) ? bookingPaths.detail(bookingId, 'customer') : null);
  usePageHead({ title: t('bookings.rate.title') });

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link href={routeUrl('account.bookings.detail', { bookingId })} className="text-sm text-brand-700 underline">
        {t('bookings.rate.back')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold">{t('bookings.rate.title')}</h1>
      {error ? (
        <LoadError retry={() => mutate()} text={error.status === 404 ? t('bookings.notfound') : undefined} />
      ) : !data ? (
        <Loading />
      ) : (
        <RateBody booking={data.data} onRated={(b) => void mutate({ data: b }, { revalidate: false })} />
      )}
    </div>
  );
}

function RateBody({ booking: b, onRated }: { booking: Booking; onRated: (b: Booking) => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const detail = routeUrl('account.bookings.detail', { bookingId: b.id });

  const reason = notRateableReason(b);
  if (reason) {
    return (
      <div className="mt-4 rounded-2xl bg-cream-100 p-4" data-testid="not-rateable">
        <p>{t(`bookings.rate.notrateable.${reason}`)}</p>
        <Link href={detail} className="mt-3 inline-block font-semibold text-brand-700 underline">
          {t('bookings.rate.tobooking')}
        </Link>
      </div>
    );
  }
  return (
    <ReviewForm
      className="mt-4"
      schema={rateBody}
      send={(body) => unwrap(client.users.me.orders[':id{[0-9]{1,12}}'].rate.$post({ param: { id: String(b.id) }, json: body }))}
      fields={RATING_FIELDS}
      legend={(field) => t(`bookings.rate.fields.${field}`)}
      intro={t('bookings.rate.intro', { menu: b.menu.name, chef: b.chef.firstname })}
      blind={t('bookings.rate.blind', { name: b.chef.firstname })}
      submitLabel={t('bookings.rate.submit')}
      allRequired={t('bookings.rate.allrequired')}
      done={{ title: t('bookings.rate.done'), text: t('bookings.notice.reviewed') }}
      onDone={(rated) => {
        onRated(rated);
        navigate(detail);
      }}
    />
  );
}
