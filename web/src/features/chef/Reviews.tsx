// A chef's reviews (GET /v1/chefs/{id}/reviews, newest first) in the generic paged list: reviewer, date (the
// marketplace's, so every visitor reads the same one), stars, text and the chef's reply.
import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { PagedList, usePagedList } from '../../components/PagedList';
import { MARKET_TIMEZONE } from '../../lib/booking-window';
import { formatDate, formatRating } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { chefPaths, REVIEWS_PAGE_SIZE, type Review } from './chefsApi';

export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const full = Math.round(rating);
  return (
    <span className="inline-flex items-center" role="img" aria-label={t('reviews.stars', { rating: formatRating(rating, locale) })}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" className={`${className} ${i < full ? 'text-saffron-500' : 'text-cream-300'}`} />
      ))}
    </span>
  );
}

function ReviewItem({ review, chefName }: { review: Review; chefName: string }) {
  const t = useT();
  const locale = useLocale();
  const name = review.user_public?.data.firstname?.trim() || t('reviews.anonymous');
  return (
    <article className="py-5" data-testid="review">
      <div className="flex items-center gap-3">
        <Avatar name={name} src={review.user_public?.data.avatar?.data.url.t256x256} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink-900">{name}</p>
          <p className="text-sm text-ink-600">
            <time dateTime={review.created_at}>{formatDate(review.created_at, locale, MARKET_TIMEZONE)}</time>
          </p>
        </div>
        <Stars rating={review.rating} />
      </div>
      {review.text ? <p className="mt-3 whitespace-pre-line text-ink-800">{review.text}</p> : null}
      {review.reply ? (
        <div className="mt-3 rounded-xl bg-cream-100 p-4">
          <p className="text-sm font-semibold text-ink-900">{t('reviews.reply', { name: chefName })}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-ink-800">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}

export function Reviews({ chefId, chefName, title }: { chefId: number | null; chefName: string; title: string }) {
  const t = useT();
  const list = usePagedList<Review>(chefId === null ? null : chefPaths.reviews(chefId), REVIEWS_PAGE_SIZE);
  return (
    <section aria-labelledby="reviews-title" className="mt-14" data-testid="reviews">
      <h2 id="reviews-title" className="mb-2 text-2xl font-bold text-ink-900">
        {title}
      </h2>
      <PagedList list={list} label={title} emptyText={t('reviews.empty')} itemKey={(r) => r.id} renderItem={(r) => <ReviewItem review={r} chefName={chefName} />} />
    </section>
  );
}
