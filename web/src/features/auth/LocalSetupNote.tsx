// On a development or test instance, where a provider's part of a form would be: what is not set up there yet, in a
// calm note rather than an empty gap, so that `npm start` shows where the buttons and the widget go. A production
// instance has its bot check configured (the server refuses to start without it) and shows no note.
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { useSession } from '../../state/session';

/** True on a development or test instance (the session's `app_env`). */
export function useLocalInstance(): boolean {
  const { app } = useSession();
  return app !== null && app.app_env !== 'production';
}

export function LocalSetupNote({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-dashed border-ink-400 bg-cream-50 px-3 py-2 text-sm text-ink-700" data-testid={testId}>
      <Icon name="info" className="mt-0.5 h-4 w-4 shrink-0 text-ink-500" />
      <span>{children}</span>
    </p>
  );
}
