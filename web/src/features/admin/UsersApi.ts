// The admin users calls (/v1/admin/users) as the screens use them, with their answers as the server types them.
import type { UserRoleFilter } from '#shared/schemas/admin.users.schema';
import { client, unwrap, type Answer } from '../../lib/client';

export type { UserRoleFilter };

const users = client.admin.users;
const user = users[':id'];

export type AdminUserRow = Answer<typeof users.$get>['data'][number];
export type AdminUserDetail = Answer<typeof user.$get>['data'];
export type AdminSession = AdminUserDetail['sessions'][number];
export type AdminUserBooking = AdminUserDetail['bookings']['data'][number];

export const USERS_PATHS = {
  list: (q: string, role: string) => users.$path({ query: { q: q || undefined, role: role || undefined } }),
  user: (id: number | string) => user.$path({ param: { id } }),
};

export const usersApi = {
  revokeAll: (id: number) => unwrap(user.sessions.revoke.$post({ param: { id }, json: {} })),
  revokeOne: (id: number, sessionId: string) => unwrap(user.sessions[':sessionId'].$delete({ param: { id, sessionId } })),
  setSuperUser: (id: number, isSu: boolean) => unwrap(user['super-user'].$put({ param: { id }, json: { is_su: isSu } })),
  setDisabled: (id: number, disabled: boolean) => unwrap(user.disabled.$put({ param: { id }, json: { disabled } })),
};

export const fullName = (u: { firstname: string; lastname: string; email?: string }) => `${u.firstname} ${u.lastname}`.trim() || u.email || '';
