import type { ReactNode } from 'react';

/** The frame of the auth pages: a centred card with the page's one h1. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md card p-6 sm:p-8" aria-labelledby="auth-title">
      <h1 id="auth-title" className="text-2xl font-bold text-ink-900">
        {title}
      </h1>
      {intro ? <p className="mt-1 text-ink-700">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
