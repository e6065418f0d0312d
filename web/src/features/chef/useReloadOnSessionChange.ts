// Seed §2: the chef profile reloads when the session changes (sign-in, sign-out, another account).
import { useEffect, useRef } from 'react';
import { useSession } from '../../state/session';

export function useReloadOnSessionChange(reload: () => unknown): void {
  const { user, fetched } = useSession();
  const key = fetched ? (user?.email ?? 'visitor') : null;
  const previous = useRef(key);
  useEffect(() => {
    if (key === null || previous.current === key) return;
    const hadSession = previous.current !== null;
    previous.current = key;
    if (hadSession) void reload();
  }, [key, reload]);
}
