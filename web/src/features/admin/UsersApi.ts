// The admin users API as the screens see it: response types taken from the services that produce them, the paths,
// and the writes.
import type { AccountChange, AdminUserDetail, searchUsers } from '../../../../functions/_api/modules/admin/admin.users.service';
import type { UserRoleFilter } from '#shared/schemas/admin.users.schema';
import { api, withQuery } from '../../lib/api';

export type { AdminUserDetail, UserRoleFilter };
export type AdminUserRow = Awaited<ReturnType<typeof searchUsers>>['data'][number];
export type AdminSession = AdminUserDetail['sessions'][number];
export type AdminUserBooking = AdminUserDetail['bookings']['data'][number];

type Result<T = undefined> = { message: string; data: T };

export const USERS_PATHS = {
  list: (q: string, role: string) => withQuery('/v1/admin/users', { q: q || undefined, role: role || undefined }),
  user: (id: number | string) => `/v1/admin/users/${id}`,
};

export const usersApi = {
  revokeAll: (id: number) => api.post<Result & { revoked: number }>(`${USERS_PATHS.user(id)}/sessions/revoke`, {}),
  revokeOne: (id: number, sessionId: string) => api.delete<Result>(`${USERS_PATHS.user(id)}/sessions/${encodeURIComponent(sessionId)}`),
  setSuperUser: (id: number, isSu: boolean) => api.put<Result<AccountChange>>(`${USERS_PATHS.user(id)}/super-user`, { is_su: isSu }),
  setDisabled: (id: number, disabled: boolean) => api.put<Result<AccountChange>>(`${USERS_PATHS.user(id)}/disabled`, { disabled }),
};

export const fullName = (u: { firstname: string; lastname: string; email?: string }) => `${u.firstname} ${u.lastname}`.trim() || u.email || '';
