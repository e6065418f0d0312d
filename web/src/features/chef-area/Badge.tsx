// Small status pills: chef status, menu status, tier.
import type { ReactNode } from 'react';
import { TONE_CLASSES } from './status';

export function Badge({ tone, children, testId }: { tone: keyof typeof TONE_CLASSES; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${TONE_CLASSES[tone]}`}>
      {children}
    </span>
  );
}
