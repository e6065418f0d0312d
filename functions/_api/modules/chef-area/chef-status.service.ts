// The chef status machine (PRODUCT "Chef tiers and statuses"): every allowed transition, who may perform it, and
// the one function that performs them. Each change is one db.batch of the guarded status update, an audit_log row
// and the chef's notification; the mail follows the batch. The admin area calls transitionChefStatus too.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { guardedWrite, type Witness } from '../../db/guarded-write';
import { as } from '../../db/columns-alias';
import { ChefStatus, chefs, type ChefStatusValue } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';
import { ApiError, conflict, fieldError, keyedConflict, keyedRefusal, notFound } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import type { ChefStatusAction } from '#shared/audit-actions';
import { auditIfWon } from '../audit/audit.service';
import { prepareNotice, sendNotices, type Notice } from '../notifications/notify.service';

export const CHEF_STATUS_NAMES = {
  [ChefStatus.New]: 'New',
  [ChefStatus.Active]: 'Active',
  [ChefStatus.Paused]: 'Paused',
  [ChefStatus.Onboarded]: 'Onboarded',
  [ChefStatus.OnboardingFailed]: 'OnboardingFailed',
  [ChefStatus.Banned]: 'Banned',
} as const satisfies Record<ChefStatusValue, string>;

export type ChefActorRole = 'chef' | 'admin';
export type { ChefStatusAction };

type Transition = {
  from: readonly ChefStatusValue[];
  /** 'previous' = the status saved when the chef was banned. */
  to: ChefStatusValue | 'previous';
  by: readonly ChefActorRole[];
  /** The sentence of the 409 when the current status does not allow this transition. */
  requires: string;
};

const ALL_BUT_BANNED = [ChefStatus.New, ChefStatus.Active, ChefStatus.Paused, ChefStatus.Onboarded, ChefStatus.OnboardingFailed] as const;

/**
 * Every allowed transition. Creation (→ New) happens in startChef (POST /v1/chefs). The chef's own submission is
 * gated on a complete onboarding by the caller (submitApplication), since only the chef side can judge that.
 */
export const CHEF_TRANSITIONS: Record<ChefStatusAction, Transition> = {
  // The chef submits a complete application, first time or after a rejection.
  submit: { from: [ChefStatus.New, ChefStatus.OnboardingFailed], to: ChefStatus.Onboarded, by: ['chef'], requires: 'Only a new or returned application can be submitted.' },
  // An admin approves: is_verified and verified_at are set.
  approve: { from: [ChefStatus.Onboarded], to: ChefStatus.Active, by: ['admin'], requires: 'Only a submitted application can be approved.' },
  // An admin rejects with a reason the chef sees; the chef may fix the application and resubmit.
  reject: { from: [ChefStatus.Onboarded], to: ChefStatus.OnboardingFailed, by: ['admin'], requires: 'Only a submitted application can be rejected.' },
  // Paused chefs' menus are hidden and they cannot be booked. Who paused is recorded (paused_by): a chef resumes
  // only their own pause; an admin's pause, which carries the reason the chef reads, only an admin lifts.
  pause: { from: [ChefStatus.Active], to: ChefStatus.Paused, by: ['chef', 'admin'], requires: 'Only an active chef profile can be paused.' },
  resume: { from: [ChefStatus.Paused], to: ChefStatus.Active, by: ['chef', 'admin'], requires: 'Only a paused chef profile can be resumed.' },
  // Any status → Banned, remembering where to return.
  ban: { from: ALL_BUT_BANNED, to: ChefStatus.Banned, by: ['admin'], requires: 'This chef profile is already blocked.' },
  unban: { from: [ChefStatus.Banned], to: 'previous', by: ['admin'], requires: 'Only a blocked chef profile can be unblocked.' },
};

export type ChefActor = { role: ChefActorRole; userId: number; ip?: string | null };

export type TransitionInput = {
  chefId: number;
  action: ChefStatusAction;
  actor: ChefActor;
  /** Required for reject and for an admin's pause (the chef sees it); optional note for ban, kept in the audit log. */
  reason?: string | null;
};

/** Actions whose reason the chef reads, so an admin must give one. */
const REASON_REQUIRED: ReadonlySet<ChefStatusAction> = new Set(['reject', 'pause']);

/** Where the chef's notification leads: the application while onboarding, the chef profile afterwards. */
export const chefStatusLink = (status: ChefStatusValue) =>
  status === ChefStatus.New || status === ChefStatus.Onboarded || status === ChefStatus.OnboardingFailed ? '/account/me/becomechef' : '/account/me/chefprofile';

export function chefStatusNotice(action: ChefStatusAction | 'create', to: ChefStatusValue, reason?: string | null, byAdmin = false): Notice {
  return {
    key: action === 'pause' && byAdmin ? 'chef_status.pause_admin' : `chef_status.${action}`,
    params: reason ? { reason } : undefined,
    type: action === 'reject' || action === 'ban' ? 'error' : action === 'pause' ? 'info' : 'success',
    link: chefStatusLink(to),
  };
}

/** A chef with the account fields a status or tier change (and the admin's application view) reads. */
export function chefWithUser(db: DB, chefId: number) {
  return db
    .select({
      id: as(chefs.id, 'chef_id'),
      status: chefs.status,
      statusBeforeBan: chefs.statusBeforeBan,
      pausedBy: chefs.pausedBy,
      pauseReason: chefs.pauseReason,
      recentCancellations: chefs.recentCancellations,
      isPro: chefs.isPro,
      isSignature: chefs.isSignature,
      userId: as(users.id, 'user_id_'),
      email: users.email,
      isSu: users.isSu,
      disabledAt: users.disabledAt,
      locale: users.locale,
      firstname: users.firstname,
    })
    .from(chefs)
    .innerJoin(users, eq(users.id, chefs.userId))
    .where(eq(chefs.id, chefId))
    .limit(1);
}
export type ChefWithUser = Awaited<ReturnType<typeof chefWithUser>>[number];

/**
 * One guarded change of a chef row, as status and tier changes write it: the update (only while `guard` still
 * holds), its audit row and the chef's notification in one batch — both written only when the update changed the
 * row — then the mail. A lost race throws `lost` and leaves nothing behind.
 */
export async function writeChefChange(
  deps: Deps,
  chef: ChefWithUser,
  change: { set: Partial<typeof chefs.$inferInsert>; guard: SQL; audit: (w: Witness) => BatchItem<'sqlite'>; notice: Notice; lost: ApiError },
): Promise<void> {
  const { db } = deps;
  const write = guardedWrite(db);
  const notice = prepareNotice(deps, { userId: chef.userId, email: chef.email, locale: chef.locale, firstname: chef.firstname }, change.notice, { when: write.witness });
  const [updated] = await db.batch(
    write.statements(
      db
        .update(chefs)
        .set(change.set)
        .where(and(eq(chefs.id, chef.id), change.guard))
        .returning({ id: chefs.id }),
      [change.audit(write.witness), notice.insert],
    ),
  );
  if (!updated.length) throw change.lost;
  await sendNotices(deps, [notice]);
}

/** A status as the validation texts name it (validation.chefstatus.*). */
const STATUS_SLUGS = {
  [ChefStatus.New]: 'new',
  [ChefStatus.Active]: 'active',
  [ChefStatus.Paused]: 'paused',
  [ChefStatus.Onboarded]: 'onboarded',
  [ChefStatus.OnboardingFailed]: 'onboarding_failed',
  [ChefStatus.Banned]: 'banned',
} as const satisfies Record<ChefStatusValue, string>;

/** A chef asking to resume a pause that support made: refused, with the reason support gave. */
function pausedByAdmin(reason: string | null): ApiError {
  return reason ? keyedRefusal(403, 'validation.refusal.paused_by_admin_reason', 'PAUSED_BY_ADMIN', { reason }) : keyedRefusal(403, 'validation.refusal.paused_by_admin', 'PAUSED_BY_ADMIN');
}

export type TransitionResult = { chefId: number; from: ChefStatusValue; to: ChefStatusValue; action: ChefStatusAction };

/**
 * Performs one transition: checks the actor and the current status, then writes the guarded update, the audit row
 * and the notification in one batch. A concurrent change in between (the update finds another status) is a 409 and
 * writes nothing.
 */
export async function transitionChefStatus(deps: Deps, input: TransitionInput): Promise<TransitionResult> {
  const { db, clock } = deps;
  const rule = CHEF_TRANSITIONS[input.action];
  if (!rule.by.includes(input.actor.role)) throw new ApiError(403, 'You are not allowed to change this chef status.', 'FORBIDDEN');
  const reason = input.reason?.trim() || null;
  if (REASON_REQUIRED.has(input.action) && input.actor.role === 'admin' && !reason) throw fieldError('reason', 'validation.admin.reason');

  const [chef] = await chefWithUser(db, input.chefId);
  if (!chef) throw notFound('Chef not found.');
  const from = chef.status;
  if (!rule.from.includes(from)) {
    // The rule of the action tried and the status the profile is in, by key: the screen says both in its language.
    throw keyedConflict('validation.refusal.invalid_status_transition_now', 'INVALID_STATUS_TRANSITION', {
      requires: { key: `validation.chefrule.${input.action}` },
      status: { key: `validation.chefstatus.${STATUS_SLUGS[from]}` },
    });
  }
  if (input.action === 'resume' && input.actor.role === 'chef' && chef.pausedBy === 'admin') throw pausedByAdmin(chef.pauseReason);
  const to: ChefStatusValue = rule.to === 'previous' ? (chef.statusBeforeBan ?? ChefStatus.New) : rule.to;
  const now = clock.now();

  const set: Partial<typeof chefs.$inferInsert> = { status: to, updatedAt: now };
  if (input.action === 'submit') Object.assign(set, { submittedAt: now, rejectionReason: null });
  if (input.action === 'approve') Object.assign(set, { isVerified: true, verifiedAt: now, rejectionReason: null });
  if (input.action === 'reject') set.rejectionReason = reason;
  if (input.action === 'ban') set.statusBeforeBan = from;
  if (input.action === 'unban') set.statusBeforeBan = null;
  if (input.action === 'pause') Object.assign(set, { pausedBy: input.actor.role, pauseReason: input.actor.role === 'admin' ? reason : null });
  if (input.action === 'resume') Object.assign(set, { pausedBy: null, pauseReason: null });
  // A chef's resume holds only while no admin has paused the profile meanwhile.
  const guard = input.action === 'resume' && input.actor.role === 'chef' ? and(eq(chefs.status, from), sql`coalesce(${chefs.pausedBy}, 'chef') <> 'admin'`)! : eq(chefs.status, from);

  await writeChefChange(deps, chef, {
    set,
    guard,
    audit: (w) =>
      auditIfWon(
        db,
        w,
        {
          actorUserId: input.actor.userId,
          action: `chef.status.${input.action}`,
          targetType: 'chef',
          targetId: String(chef.id),
          before: { status: from },
          after: { status: to, ...(reason ? { reason } : {}), actor_role: input.actor.role },
          ip: input.actor.ip,
        },
        now,
      ),
    notice: chefStatusNotice(input.action, to, reason, input.actor.role === 'admin'),
    lost: conflict('The status of this chef profile changed in the meantime. Please reload and try again.', 'STATUS_CHANGED'),
  });
  return { chefId: chef.id, from, to, action: input.action };
}
