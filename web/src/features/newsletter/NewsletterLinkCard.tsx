// The frame of the two newsletter link pages (confirm, unsubscribe): a card that asks once with a button and then
// shows the outcome. A button, not an automatic call on load: mail scanners open links, and a subscription needs
// the person's own click.
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';

type Outcome<T> = { state: 'idle' } | { state: 'done'; data: T } | { state: 'invalid' } | { state: 'failed'; message: string };

export function NewsletterLinkCard<T>(props: {
  title: string;
  text: ReactNode;
  button: string;
  /** False when the link lacks what the call needs: the page says it is not valid without calling. */
  complete: boolean;
  /** The call the button makes (the typed client's, unwrapped); its answer is what `done` shows. */
  call: () => Promise<T>;
  invalid: string;
  done: (data: T) => ReactNode;
}) {
  const t = useT();
  usePageHead({ title: props.title });
  const [outcome, setOutcome] = useState<Outcome<T>>(props.complete ? { state: 'idle' } : { state: 'invalid' });

  const send = async () => {
    try {
      setOutcome({ state: 'done', data: await props.call() });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'INVALID_TOKEN' || err.status === 400)) setOutcome({ state: 'invalid' });
      else setOutcome({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <section className="mx-auto w-full max-w-md card p-6 sm:p-8" aria-labelledby="newsletter-link-title" data-testid="newsletter-link">
      <h1 id="newsletter-link-title" className="text-2xl font-bold text-ink-900">
        {props.title}
      </h1>
      {outcome.state === 'done' ? (
        <div role="status" className="mt-4 rounded-xl bg-herb-50 px-4 py-3 text-herb-700">
          {props.done(outcome.data)}
        </div>
      ) : outcome.state === 'invalid' ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100">
          {props.invalid}
        </p>
      ) : (
        <>
          <p className="mt-2 text-ink-700">{props.text}</p>
          {outcome.state === 'failed' ? (
            <p role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100">
              {outcome.message}
            </p>
          ) : null}
          <div className="mt-6">
            <Button onClick={send} fullWidth>
              {props.button}
            </Button>
          </div>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link href={routeUrl('home')} className="font-semibold link-underline">
          {t('newsletterlink.home')}
        </Link>
      </p>
    </section>
  );
}
