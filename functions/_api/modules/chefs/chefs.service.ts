// Public chef reads: the profile and its reviews. Only public chefs (Active, account not disabled) are visible; any
// other reads as "not found", so paused, banned, disabled or unfinished chefs cannot be probed. Each call is one
// database round trip.
import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { reviews } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import type { Locale } from '#shared/locales';
import { notFound } from '../../lib/errors';
import { publicText } from '../../lib/masking';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import { imageResource } from '../images/images.service';
import { presentChefSummary, roundAvg } from '../menus/menus.service';
import { publicChef } from '../../db/visibility';

const avatarImage = alias(images, 'avatar_image');

/** The chef, their user and avatar; usable alone or inside a batch. */
function activeChefQuery(db: DB, chefId: number) {
  return db
    .select({
      id: chefs.id,
      uri: chefs.uri,
      firstname: users.firstname,
      lastname: users.lastname,
      displayLocation: chefs.displayLocation,
      profileBio: chefs.profileBio,
      reviewCount: chefs.reviewCount,
      reviewAvg: chefs.reviewAvg,
      isVerified: chefs.isVerified,
      verifiedAt: chefs.verifiedAt,
      createdAt: as(chefs.createdAt, 'chef_created_at'),
      isPro: chefs.isPro,
      isSignature: chefs.isSignature,
      languages: chefs.languages,
      avatarId: asJoined(avatarImage.id, 'avatar_image_id'),
      avatarStatus: asJoined(avatarImage.status, 'avatar_image_status'),
      avatarStacks: asJoined(avatarImage.stacks, 'avatar_image_stacks'),
    })
    .from(chefs)
    .innerJoin(users, eq(users.id, chefs.userId))
    .leftJoin(avatarImage, eq(avatarImage.id, users.avatarImageId))
    .where(and(eq(chefs.id, chefId), publicChef()))
    .limit(1);
}

type ChefRow = Awaited<ReturnType<typeof activeChefQuery>>[number];
type Include = { userPublic: boolean; avatar: boolean };

const asCard = (row: ChefRow) => ({ ...row, avatar: { id: row.avatarId, status: row.avatarStatus, stacks: row.avatarStacks } });

/**
 * Seed §3 Chef, plus review_avg and languages. `canonical_uri` is the chef's current uri: a client that reached
 * the profile through an old or shortened uri redirects to it.
 */
export function presentChef(row: ChefRow, include: Include, locale: Locale) {
  return {
    ...presentChefSummary(asCard(row), include),
    canonical_uri: row.uri,
    profile_bio: publicText(row.profileBio, locale),
    created_at: row.createdAt.toISOString(),
    languages: row.languages,
  };
}

export async function chefProfile(db: DB, chefId: number, include: Include, locale: Locale) {
  const [row] = await activeChefQuery(db, chefId);
  if (!row) throw notFound('Chef not found.');
  return presentChef(row, include, locale);
}

const reviewer = alias(users, 'reviewer');
const reviewerAvatar = alias(images, 'reviewer_avatar');

export type ReviewsInput = {
  chefId: number;
  list: ListParams<'created_at' | 'rating'>;
  include: { userPublic: boolean; avatar: boolean; chef: boolean };
};

/**
 * GET /v1/chefs/{id}/reviews: visible reviews (published under the blind rule, not hidden), newest first unless asked
 * otherwise. Guest reviews (the chefs' of their customers) are never public.
 */
export async function chefReviews(db: DB, input: ReviewsInput) {
  const { list } = input;
  const visible = and(eq(reviews.chefId, input.chefId), isNull(reviews.hiddenAt), isNotNull(reviews.publishedAt));
  const dir = list.order_dir === 'asc' ? asc : desc;
  const orderColumn = list.order === 'rating' ? reviews.rating : reviews.createdAt;
  const [chefRows, rows, totals] = await db.batch([
    activeChefQuery(db, input.chefId),
    db
      .select({
        id: as(reviews.id, 'review_id'),
        menuId: reviews.menuId,
        rating: reviews.rating,
        ratingFood: reviews.ratingFood,
        ratingService: reviews.ratingService,
        ratingHygiene: reviews.ratingHygiene,
        ratingValue: reviews.ratingValue,
        ratingCommunication: reviews.ratingCommunication,
        text: reviews.text,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
        createdAt: as(reviews.createdAt, 'review_created_at'),
        firstname: reviewer.firstname,
        avatarId: asJoined(reviewerAvatar.id, 'reviewer_avatar_id'),
        avatarStatus: asJoined(reviewerAvatar.status, 'reviewer_avatar_status'),
        avatarStacks: asJoined(reviewerAvatar.stacks, 'reviewer_avatar_stacks'),
      })
      .from(reviews)
      .leftJoin(reviewer, eq(reviewer.id, reviews.customerId))
      .leftJoin(reviewerAvatar, eq(reviewerAvatar.id, reviewer.avatarImageId))
      .where(visible)
      .orderBy(dir(orderColumn), dir(reviews.id))
      .limit(list.page_size)
      .offset(offsetOf(list)),
    db.select({ n: count() }).from(reviews).where(visible),
  ]);
  const chef = chefRows[0];
  if (!chef) throw notFound('Chef not found.');
  const chefData = input.include.chef ? presentChefSummary(asCard(chef), { userPublic: false, avatar: false }) : null;
  const data = rows.map((r) => ({
    id: r.id,
    menu_id: r.menuId,
    rating: roundAvg(r.rating),
    rating_food: r.ratingFood,
    rating_service: r.ratingService,
    rating_hygiene: r.ratingHygiene,
    rating_value: r.ratingValue,
    rating_communication: r.ratingCommunication,
    text: r.text,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    // Reviewers are customers: only their first name and avatar are public.
    ...(input.include.userPublic
      ? {
          user_public: {
            data: {
              firstname: r.firstname ?? '',
              ...(input.include.avatar ? { avatar: imageResource({ id: r.avatarId, status: r.avatarStatus, stacks: r.avatarStacks }) } : {}),
            },
          },
        }
      : {}),
    ...(chefData ? { chef: { data: chefData } } : {}),
  }));
  return envelope(data, list, { total: Number(totals[0]?.n ?? 0) });
}
