// Every action the app writes to audit_log, in one list. The demo seed writes only these (so the admin screens name
// its rows as they name real ones), and tests/unit/seed-audit.test.ts holds the seed and the code to it. A plain list
// in the kernel: the admin screens name each chef action of a chef's history from it.

/** The chef status machine's actions; its transitions table (chef-status.service.ts) has one entry for each. */
export const CHEF_STATUS_ACTIONS = ['submit', 'approve', 'reject', 'pause', 'resume', 'ban', 'unban'] as const;
export type ChefStatusAction = (typeof CHEF_STATUS_ACTIONS)[number];

/** The chef status machine's transitions, plus the creation of the profile (POST /v1/chefs). */
const chefStatusActions = (['create', ...CHEF_STATUS_ACTIONS] as const).map((a) => `chef.status.${a}` as const);

export const AUDIT_ACTIONS = [
  'attachment.download',
  'booking.cancel',
  'chef.payout_details.create',
  'chef.payout_details.update',
  ...chefStatusActions,
  'chef.tier',
  'city.create',
  'city.update',
  'city.delete',
  'image.approve',
  'image.hide',
  'list_item.create',
  'list_item.update',
  'list_item.delete',
  'list_item.retire',
  'list_item.restore',
  'payout.create',
  'payout.export',
  'payout.paid',
  'payout.failed',
  'settings.update',
  'sweep.run',
  'user.disable',
  'user.enable',
  'user.sessions.revoke',
  'user.sessions.revoke_all',
  'user.super_user.grant',
  'user.super_user.remove',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
