// The signed-in user as the session endpoint presents it, with the account fields the header does not need.
import type { SessionUser } from '../../lib/api-types';

export type AccountUser = SessionUser & {
  email_verified?: boolean;
  phone?: string | null;
  phone_verified?: boolean;
};
