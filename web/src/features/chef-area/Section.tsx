// A titled card on the chef screens.
import { useId, type ReactNode } from 'react';

export function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
