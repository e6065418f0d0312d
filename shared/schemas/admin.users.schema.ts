// Input of the admin users API (/v1/admin/users): the search, the ids in the path and the bodies of the writes.
import * as v from 'valibot';
import { listQuery } from './list.schema';
import { msg } from '../validation-messages';

export const USER_ORDER = ['created_at', 'email', 'lastname', 'id'] as const;
export const USER_ROLES = ['su', 'chef', 'disabled'] as const;
export type UserRoleFilter = (typeof USER_ROLES)[number];

export const SEARCH_MAX = 100;

/** Free text over first name, last name and e-mail; every word has to match one of them. */
export const searchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX, msg('validation.admin.search', { max: SEARCH_MAX }))));

export const usersQuery = v.strictObject({
  ...listQuery(USER_ORDER),
  q: searchText,
  role: v.optional(v.picklist(USER_ROLES, msg('validation.admin.role'))),
});

export const userIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, msg('validation.admin.userid')), v.transform(Number)) });

/** Sessions are addressed by their public id (the first 16 hex characters of the stored hash), never the hash. */
export const sessionParam = v.object({
  id: userIdParam.entries.id,
  sessionId: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, msg('validation.admin.session'))),
});

const FLAG = msg('validation.admin.flag');

// The flag is optional in the object and required by the check, so a missing one reads like a wrong one (valibot's
// own text for a missing key is technical).
export const superUserBody = v.pipe(
  v.strictObject({ is_su: v.optional(v.boolean(FLAG)) }),
  v.forward(v.check((b) => b.is_su !== undefined, FLAG), ['is_su']),
  v.transform((b) => ({ is_su: b.is_su === true })),
);
export const disabledBody = v.pipe(
  v.strictObject({ disabled: v.optional(v.boolean(FLAG)) }),
  v.forward(v.check((b) => b.disabled !== undefined, FLAG), ['disabled']),
  v.transform((b) => ({ disabled: b.disabled === true })),
);
