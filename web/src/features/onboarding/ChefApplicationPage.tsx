// me/becomechef: the chef application, step by step. Every step saves to the API on its own, so the application
// can be left and resumed; the progress rail shows which steps are complete (GET /v1/chefs/me/onboarding) and the
// submission stays blocked, with the missing items listed, until all are. What was typed in a step and not saved
// yet is kept while the chef moves between steps (a DraftScope), and leaving the application asks first.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { client, unwrap } from '../../lib/client';
import { DraftScope } from '../../lib/form-draft';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { fetchSession, useSession } from '../../state/session';
import { openSignIn } from '../../state/ui';
import { CHEF_PATHS, changeChefStatus, useRefresh, useOnboarding, useOwnChef, type OnboardingState, type OwnProfile } from '../chef-area/chefApi';
import { ChefAreaNav } from '../chef-area/ChefAreaFrame';
import { failureOf } from '../../lib/schema-form';
import { LocationForm } from '../chef-area/LocationForm';
import { PayoutDetailsSection } from '../chef-area/PayoutDetailsForm';
import { ProfileForm } from '../chef-area/ProfileForm';
import { FormMessage, LoadError, Loading } from '../chef-area/states';
import { StatusPanel } from './StatusPanel';
import { DocumentsStep } from './steps/DocumentsStep';
import { MenuStep } from './steps/MenuStep';
import { PersonalStep } from './steps/PersonalStep';
import { firstOpenStep, MISSING_KEYS, railSteps, STEP_KEYS, STEP_ORDER, type RailStep, type StepKey } from './steps';

export function ProgressRail({ steps, active, onSelect }: { steps: RailStep[]; active: StepKey; onSelect: (key: StepKey) => void }) {
  const t = useT();
  const done = steps.filter((s) => s.complete).length;
  return (
    <nav aria-label={t('onboarding.rail.label')} data-testid="progress-rail">
      <p className="mb-3 text-sm font-semibold text-ink-700">{t('onboarding.rail.progress', { done, total: steps.length })}</p>
      <div className="mb-4 h-2 overflow-hidden rounded-full bg-cream-200" aria-hidden="true">
        <div className="h-full rounded-full bg-herb-600 transition-[width]" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="flex flex-col gap-1">
        {steps.map((step, i) => {
          const current = step.key === active;
          const locked = step.key === 'account' || (step.key === 'start' && step.complete);
          return (
            <li key={step.key}>
              <button
                type="button"
                onClick={() => onSelect(step.key)}
                disabled={locked && !current}
                aria-current={current ? 'step' : undefined}
                data-step={step.key}
                data-complete={step.complete}
                className={`flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left ${current ? 'bg-white shadow-sm ring-1 ring-cream-300' : 'hover:enabled:bg-cream-200'} disabled:cursor-default`}
              >
                <span
                  className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${step.complete ? 'bg-herb-600 text-white' : current ? 'bg-brand-600 text-white' : 'bg-cream-200 text-ink-800'}`}
                  aria-hidden="true"
                >
                  {step.complete ? <Icon name="check" className="h-4 w-4" /> : i + 1}
                </span>
                <span className="flex-1">
                  <span className={`block text-sm font-semibold ${current ? 'text-ink-900' : 'text-ink-800'}`}>{t(STEP_KEYS[step.key].title)}</span>
                  <span className="block text-xs text-ink-600">{step.complete ? t('onboarding.rail.complete') : t('onboarding.rail.open')}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function MissingList({ codes: all, testId }: { codes: string[]; testId?: string }) {
  const t = useT();
  // Coordinates come with the home region, so one line says both.
  const codes = all.includes('home_region') ? all.filter((c) => c !== 'coordinates') : all;
  if (!codes.length) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid={testId}>
      {codes.map((code) => (
        <li key={code} className="flex items-start gap-2 text-ink-800">
          <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          {t(MISSING_KEYS[code] ?? code)}
        </li>
      ))}
    </ul>
  );
}

/** Step 9: every missing item of the other steps, and the submit button, blocked until nothing is missing. */
export function SubmitStep({ state, onGoTo }: { state: OnboardingState; onGoTo: (key: StepKey) => void }) {
  const t = useT();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const open = state.steps.filter((s) => !s.complete);
  const submittable = ['New', 'OnboardingFailed'].includes(state.status_name);
  const reasonId = useId();
  const refresh = useRefresh();

  async function submit() {
    setMessage(null);
    try {
      await changeChefStatus('submit');
      setMessage({ tone: 'success', text: t('onboarding.submit.done') });
      await Promise.all([refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding), fetchSession()]);
    } catch (err) {
      const f = failureOf(err);
      // A refused submission lists its reasons per step; the refreshed state shows them translated below.
      await refresh(CHEF_PATHS.onboarding);
      setMessage({ tone: 'error', text: f.code === 'ONBOARDING_INCOMPLETE' ? t('onboarding.submit.incomplete') : f.message });
    }
  }

  return (
    <div className="flex flex-col gap-5" data-testid="submit-step">
      {!submittable ? (
        <FormMessage tone="info">{t('onboarding.submit.notnow')}</FormMessage>
      ) : open.length ? (
        <div id={reasonId} className="flex flex-col gap-4" data-testid="submit-blocked">
          <FormMessage tone="info">{t('onboarding.submit.blocked', { count: open.length })}</FormMessage>
          {open.map((step) => (
            <div key={step.key} className="rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-200">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-bold text-ink-900">{t(STEP_KEYS[step.key as StepKey].title)}</h3>
                <Button variant="ghost" size="sm" onClick={() => onGoTo(step.key as StepKey)}>
                  {t('onboarding.submit.goto')}
                </Button>
              </div>
              <MissingList codes={step.missing} testId={`missing-${step.key}`} />
            </div>
          ))}
        </div>
      ) : (
        <FormMessage tone="success">{t('onboarding.submit.ready')}</FormMessage>
      )}
      {message ? (
        <FormMessage tone={message.tone} testId="submit-message">
          {message.text}
        </FormMessage>
      ) : null}
      {submittable ? (
        <div>
          <Button size="lg" onClick={submit} disabled={!state.can_submit} aria-describedby={open.length ? reasonId : undefined} data-testid="submit-application">
            {state.status_name === 'OnboardingFailed' ? t('onboarding.submit.resubmit') : t('onboarding.submit.button')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Step 2 for a signed-in user without a chef profile: POST /v1/chefs with an empty body. */
function StartStep() {
  const t = useT();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setError(null);
    try {
      await unwrap(client.chefs.$post({ json: {} }));
      await Promise.all([refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding), fetchSession()]);
    } catch (err) {
      setError(failureOf(err).message);
    }
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-ink-800">{t('onboarding.start.text')}</p>
      <Button size="lg" onClick={start} data-testid="start-application">
        {t('onboarding.start.button')}
      </Button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}

function StepBody({ step, chef, state, goTo }: { step: StepKey; chef: OwnProfile; state: OnboardingState; goTo: (key: StepKey) => void }) {
  const t = useT();
  const complete = state.steps.find((s) => s.key === step)?.complete ?? false;
  switch (step) {
    case 'account':
    case 'start':
      return <p className="text-ink-800">{t('onboarding.start.done')}</p>;
    case 'personal':
      return <PersonalStep chef={chef} />;
    case 'location':
      return <LocationForm chef={chef} submitLabel={t('onboarding.savestep')} />;
    case 'profile':
      return <ProfileForm chef={chef} forApplication submitLabel={t('onboarding.savestep')} />;
    case 'documents':
      return <DocumentsStep />;
    case 'menu':
      return <MenuStep chef={chef} complete={complete} />;
    case 'payout':
      return <PayoutDetailsSection />;
    case 'submit':
      return <SubmitStep state={state} onGoTo={goTo} />;
  }
}

function Application({ chef, state }: { chef: OwnProfile; state: OnboardingState }) {
  const t = useT();
  const search = useSearch();
  const [, navigate] = useLocation();
  const steps = railSteps({ signedIn: true, server: state });
  const requested = new URLSearchParams(search).get('step') as StepKey | null;
  const active: StepKey = requested && STEP_ORDER.includes(requested) ? requested : firstOpenStep(steps);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const goTo = (key: StepKey) => {
    moved.current = true;
    navigate(routeUrl('account.becomechef', {}, { query: { step: key } }), { replace: true });
  };
  // Pin the step where the chef resumed, so finishing it does not whisk the screen away to the next open one.
  useEffect(() => {
    if (!requested) navigate(routeUrl('account.becomechef', {}, { query: { step: active } }), { replace: true });
  }, [requested, active, navigate]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [active]);

  const index = STEP_ORDER.indexOf(active);
  const current = steps[index]!;
  const prev = STEP_ORDER[index - 1];
  const next = STEP_ORDER[index + 1];

  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <aside className="lg:sticky lg:top-4 lg:self-start">
        <ProgressRail steps={steps} active={active} onSelect={goTo} />
      </aside>
      <section aria-labelledby="application-step-title" className="flex min-w-0 flex-col gap-5" data-testid={`step-${active}`}>
        <header className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-brand-700">{t('onboarding.stepof', { step: index + 1, total: STEP_ORDER.length })}</p>
          <h2 id="application-step-title" ref={heading} tabIndex={-1} className="flex flex-wrap items-center gap-3 text-2xl font-bold text-ink-900 focus:outline-none">
            {t(STEP_KEYS[active].title)}
            {current.complete ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-herb-50 px-2.5 py-0.5 text-xs font-bold text-herb-700 ring-1 ring-herb-100" data-testid="step-complete">
                <Icon name="check" className="h-3.5 w-3.5" /> {t('onboarding.rail.complete')}
              </span>
            ) : null}
          </h2>
          <p className="text-ink-700">{t(STEP_KEYS[active].text)}</p>
          {current.missing.length && active !== 'submit' ? (
            <div className="rounded-xl bg-saffron-100 px-4 py-3 ring-1 ring-saffron-300" data-testid="step-missing">
              <p className="mb-1 text-sm font-semibold text-ink-900">{t('onboarding.stillmissing')}</p>
              <MissingList codes={current.missing} />
            </div>
          ) : null}
        </header>
        <DraftScope value={`chef-application:${chef.id}`}>
          <StepBody step={active} chef={chef} state={state} goTo={goTo} />
        </DraftScope>
        <div className="flex flex-wrap justify-between gap-3 border-t border-cream-300 pt-4">
          {prev && prev !== 'account' && prev !== 'start' ? (
            <Button variant="ghost" onClick={() => goTo(prev)}>
              ← {t(STEP_KEYS[prev].title)}
            </Button>
          ) : (
            <span />
          )}
          {next ? (
            <Button variant="outline" onClick={() => goTo(next)} data-testid="next-step">
              {t('onboarding.next', { step: t(STEP_KEYS[next].title) })} →
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}

export default function ChefApplicationPage() {
  const t = useT();
  usePageHead({ title: t('screens.chefapplication') });
  const { user } = useSession();
  const chef = useOwnChef(Boolean(user));
  const notAChef = chef.error?.code === 'NOT_A_CHEF';
  const state = useOnboarding(Boolean(user) && Boolean(chef.data));

  let body;
  if (!user) {
    body = (
      <section className="card flex flex-col items-start gap-4 p-6">
        <p className="text-ink-800">{t('onboarding.signin')}</p>
        <Button onClick={() => openSignIn()}>{t('header.signin')}</Button>
      </section>
    );
  } else if (notAChef) {
    const steps = railSteps({ signedIn: true, server: null });
    body = (
      <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <aside>
          <ProgressRail steps={steps} active="start" onSelect={() => undefined} />
        </aside>
        <section aria-labelledby="application-step-title" className="flex flex-col gap-4" data-testid="step-start">
          <p className="text-sm font-semibold text-brand-700">{t('onboarding.stepof', { step: 2, total: STEP_ORDER.length })}</p>
          <h2 id="application-step-title" className="text-2xl font-bold text-ink-900">
            {t(STEP_KEYS.start.title)}
          </h2>
          <StartStep />
        </section>
      </div>
    );
  } else if ((chef.error && !chef.data) || (state.error && !state.data)) {
    body = <LoadError retry={() => (chef.error ? chef.mutate() : state.mutate())} />;
  } else if (!chef.data || !state.data) {
    body = <Loading />;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <StatusPanel chef={chef.data.data} />
        <Application chef={chef.data.data} state={state.data.data} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      {chef.data ? <ChefAreaNav chef={chef.data.data} /> : null}
      <header>
        <h1 className="text-3xl font-bold text-ink-900">{t('screens.chefapplication')}</h1>
        <p className="mt-2 max-w-2xl text-ink-700">{t('onboarding.intro')}</p>
      </header>
      {body}
    </div>
  );
}
