// The SMS code waiting for confirmation, read from the server (GET /v1/auth/confirm/mobile) when a phone form
// mounts: after a reload during verification the form opens at the code field again, for as long as the code works.
import { useEffect, useRef } from 'react';
import { client, unwrap, type Answer } from './client';

const pendingCode = client.auth.confirm.mobile;
export type PendingPhone = NonNullable<Answer<typeof pendingCode.$get>['data']>;

/** Calls `onPending` once, after mounting, when a code is waiting; a failed read leaves the form as it is. */
export function usePendingPhoneCode(onPending: (pending: PendingPhone) => void): void {
  const callback = useRef(onPending);
  callback.current = onPending;
  useEffect(() => {
    let live = true;
    unwrap(pendingCode.$get())
      .then((res) => {
        if (live && res?.data) callback.current(res.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
}
