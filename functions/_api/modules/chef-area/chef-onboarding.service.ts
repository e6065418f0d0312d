// The chef application's steps (PRODUCT "Chef onboarding"): which are complete and why the others are not, and the
// submission that is only possible once every step is complete. Missing items are stable codes the client
// translates; the English sentences below go into the 409 of a blocked submission.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { chefCuisines, chefRegions, chefs, ChefStatus, payoutDetails, type ChefStatusValue } from '../../db/schema/chefs';
import { attachments, images } from '../../db/schema/files';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { ApiError, notFound, type FieldErrors } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import type { OnboardingStep } from '#shared/onboarding-steps';
import { REQUIRED_DOCUMENTS } from '#shared/schemas/uploads.schema';
import { BIO_MIN_FOR_ONBOARDING, GUESTS_MAX, GUESTS_MIN, MIN_COURSES_TO_PUBLISH, PRICE_MIN, TRAVEL_RADIUS_MAX, TRAVEL_RADIUS_MIN } from '#shared/schemas/chef-area.schema';
import { CHEF_STATUS_NAMES, transitionChefStatus, type ChefActor } from './chef-status.service';

/** Every code a step can report, with the sentence shown when a submission is refused. */
export const MISSING: Record<string, string> = {
  firstname: 'Enter your first name.',
  lastname: 'Enter your last name.',
  phone_verified: 'Verify your mobile number with the SMS code.',
  address: 'Enter your address.',
  home_region: 'Choose your home region.',
  coordinates: 'Place your address on the map (choose your home region).',
  travel_radius: `Set a travel radius between ${TRAVEL_RADIUS_MIN} and ${TRAVEL_RADIUS_MAX} km.`,
  regions: 'Choose at least one region you serve.',
  bio: `Write a bio of at least ${BIO_MIN_FOR_ONBOARDING} characters.`,
  avatar: 'Upload a profile picture.',
  cuisines: 'Choose at least one cuisine.',
  languages: 'Choose at least one language you speak.',
  id_document: 'Upload your ID document.',
  hygiene_certificate: 'Upload your food hygiene certificate.',
  liability_insurance: 'Upload your liability insurance.',
  menu: `Create a menu with a name, at least ${MIN_COURSES_TO_PUBLISH} courses, a price, a guest range and a place.`,
  payout_details: 'Enter your payout details.',
};

export type StepState = { key: OnboardingStep; complete: boolean; missing: string[] };

/** One round trip: the chef and user, and counts of everything the steps need. */
async function loadFacts(db: DB, chefId: number) {
  // Written out as menus.id: Drizzle leaves a column unqualified in a single-table select, and inside the
  // subquery a bare "id" would mean menu_courses.id.
  const courseCount = sql<number>`(select count(*) from menu_courses mc where mc.menu_id = menus.id)`.mapWith(Number);
  return db.batch([
    db
      .select({
        status: chefs.status,
        rejectionReason: chefs.rejectionReason,
        userId: as(users.id, 'user_id_'),
        firstname: users.firstname,
        lastname: users.lastname,
        phoneVerifiedAt: users.phoneVerifiedAt,
        address: chefs.address,
        homeRegionId: chefs.homeRegionId,
        lat: chefs.lat,
        lon: chefs.lon,
        travelRadiusKm: chefs.travelRadiusKm,
        profileBio: chefs.profileBio,
        languages: chefs.languages,
        avatarStatus: asJoined(images.status, 'avatar_status'),
      })
      .from(chefs)
      .innerJoin(users, eq(users.id, chefs.userId))
      .leftJoin(images, eq(images.id, users.avatarImageId))
      .where(eq(chefs.id, chefId))
      .limit(1),
    db.select({ n: count() }).from(chefRegions).where(eq(chefRegions.chefId, chefId)),
    db.select({ n: count() }).from(chefCuisines).where(eq(chefCuisines.chefId, chefId)),
    db
      .selectDistinct({ kind: attachments.kind })
      .from(attachments)
      .innerJoin(chefs, eq(chefs.userId, attachments.userId))
      .where(and(eq(chefs.id, chefId), isNull(attachments.deletedAt))),
    db
      .select({
        name: menus.name,
        status: menus.status,
        price: menus.pricePerPerson,
        minGuests: menus.minGuests,
        maxGuests: menus.maxGuests,
        atCustomer: menus.atCustomer,
        atChef: menus.atChef,
        courses: courseCount.as('course_count'),
      })
      .from(menus)
      .where(eq(menus.chefId, chefId)),
    db.select({ chefId: payoutDetails.chefId }).from(payoutDetails).where(eq(payoutDetails.chefId, chefId)),
  ]);
}

/** Whether a menu is enough for the application's menu step (an image is only needed to publish it). */
export const menuCountsForOnboarding = (m: { name: string; status: string; price: number; minGuests: number; maxGuests: number; atCustomer: boolean; atChef: boolean; courses: number }) =>
  m.status !== 'archived' &&
  m.name.trim().length >= 3 &&
  m.courses >= MIN_COURSES_TO_PUBLISH &&
  m.price >= PRICE_MIN &&
  m.minGuests >= GUESTS_MIN &&
  m.maxGuests <= GUESTS_MAX &&
  m.minGuests <= m.maxGuests &&
  (m.atCustomer || m.atChef);

export async function onboardingState(deps: Pick<Deps, 'db'>, chefId: number) {
  const [[chef], [regionCount], [cuisineCount], docs, menuRows, payout] = await loadFacts(deps.db, chefId);
  if (!chef) throw notFound('Chef not found.');
  const step = (key: OnboardingStep, checks: [string, boolean][]): StepState => {
    const missing = checks.filter(([, ok]) => !ok).map(([code]) => code);
    return { key, complete: missing.length === 0, missing };
  };
  const kinds = new Set(docs.map((d) => d.kind));
  const steps: StepState[] = [
    // Signed in means the account exists; there is nothing else to do in this step.
    step('account', []),
    step('personal', [
      ['firstname', chef.firstname.trim() !== ''],
      ['lastname', chef.lastname.trim() !== ''],
      ['phone_verified', chef.phoneVerifiedAt != null],
    ]),
    step('location', [
      ['address', chef.address.trim() !== ''],
      ['home_region', chef.homeRegionId != null],
      ['coordinates', chef.lat != null && chef.lon != null],
      ['travel_radius', chef.travelRadiusKm >= TRAVEL_RADIUS_MIN && chef.travelRadiusKm <= TRAVEL_RADIUS_MAX],
      ['regions', (regionCount?.n ?? 0) > 0],
    ]),
    step('profile', [
      ['bio', chef.profileBio.trim().length >= BIO_MIN_FOR_ONBOARDING],
      ['avatar', chef.avatarStatus != null && chef.avatarStatus !== 'hidden'],
      ['cuisines', (cuisineCount?.n ?? 0) > 0],
      ['languages', chef.languages.length > 0],
    ]),
    step('documents', REQUIRED_DOCUMENTS.map((kind) => [kind, kinds.has(kind)])),
    step('menu', [['menu', menuRows.some(menuCountsForOnboarding)]]),
    step('payout', [['payout_details', payout.length > 0]]),
  ];
  const complete = steps.every((s) => s.complete);
  const submittable = chef.status === ChefStatus.New || chef.status === ChefStatus.OnboardingFailed;
  return {
    status: chef.status,
    status_name: CHEF_STATUS_NAMES[chef.status as ChefStatusValue],
    rejection_reason: chef.rejectionReason,
    steps,
    complete,
    can_submit: complete && submittable,
  };
}

/** A blocked submission: 409 with the missing items per step, as sentences (errors) and as codes (missing). */
export class OnboardingIncomplete extends ApiError {
  constructor(readonly missing: Partial<Record<OnboardingStep, string[]>>) {
    const errors: FieldErrors = {};
    for (const [stepKey, codes] of Object.entries(missing)) errors[stepKey] = codes.map((c) => MISSING[c] ?? c);
    super(409, 'Your application is not complete yet. Please finish the steps listed below.', 'ONBOARDING_INCOMPLETE', errors);
  }

  override toJSON() {
    return { ...super.toJSON(), missing: this.missing };
  }
}

/** POST /v1/chefs/me/submit: New or OnboardingFailed → Onboarded, only with a complete application. */
export async function submitApplication(deps: Deps, chefId: number, actor: ChefActor) {
  const state = await onboardingState(deps, chefId);
  // The status rule speaks first: an approved chef gets "cannot submit", not a list of steps.
  if (state.status !== ChefStatus.New && state.status !== ChefStatus.OnboardingFailed) {
    return transitionChefStatus(deps, { chefId, action: 'submit', actor });
  }
  if (!state.complete) {
    throw new OnboardingIncomplete(Object.fromEntries(state.steps.filter((s) => !s.complete).map((s) => [s.key, s.missing])));
  }
  return transitionChefStatus(deps, { chefId, action: 'submit', actor });
}
