// /become-a-chef (account.beachef): the public pitch to chefs — tiers, an earnings example computed with the
// shared pricing rules, how it works and a FAQ teaser. The call to action depends on who is looking: a visitor
// sets the become-a-chef intent flag and signs up; a signed-in user starts the application (POST /v1/chefs); a
// chef continues the application or goes to the chef area.
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatMoney } from '#shared/pricing';
import { Button } from '../../components/Button';
import { ChefBadge } from '../../components/ChefBadge';
import { Icon, type IconName } from '../../components/Icon';
import { ApiError } from '../../lib/api';
import { client, unwrap } from '../../lib/client';
import { usePageHead } from '../../lib/head';
import { tk, useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { storage } from '../../lib/storage';
import { BECOME_CHEF_INTENT_KEY, fetchSession, useSession } from '../../state/session';
import { earningsExample, percentOf } from './earnings';

type Who = 'visitor' | 'user' | 'applicant' | 'chef';

/** Chef statuses while the application is open (seed §3: New 0, Onboarded 3, OnboardingFailed -2). */
const APPLYING_STATUSES = [0, 3, -2];

function useWho(): Who {
  const { user } = useSession();
  if (!user) return 'visitor';
  if (!user.is_chef) return 'user';
  const status = user.chef?.data.status;
  return status != null && APPLYING_STATUSES.includes(status) ? 'applicant' : 'chef';
}

/** The page's one call to action, in the hero and again at the bottom. */
function BecomeChefCta({ size = 'lg', testId }: { size?: 'md' | 'lg'; testId?: string }) {
  const t = useT();
  const who = useWho();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const labels: Record<Who, string> = {
    visitor: t('onboarding.landing.cta.visitor'),
    user: t('onboarding.landing.cta.user'),
    applicant: t('onboarding.landing.cta.applicant'),
    chef: t('onboarding.landing.cta.chef'),
  };

  async function go() {
    setError(null);
    if (who === 'visitor') {
      storage.set(BECOME_CHEF_INTENT_KEY, 'true');
      navigate(routeUrl('auth.register'));
      return;
    }
    if (who === 'applicant') return navigate(routeUrl('account.becomechef'));
    if (who === 'chef') return navigate(routeUrl('account.chefprofile'));
    try {
      await unwrap(client.chefs.$post({ json: {} }));
      await fetchSession();
      navigate(routeUrl('account.becomechef'));
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? err.message : t('onboarding.landing.cta.failed'));
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button size={size} onClick={go} data-testid={testId} aria-describedby={error ? errorId : undefined}>
        {labels[who]}
      </Button>
      {who === 'visitor' ? (
        <p className="text-sm text-ink-700">
          {t('onboarding.landing.cta.haveaccount')}{' '}
          <Link
            href={routeUrl('auth.login')}
            onClick={() => storage.set(BECOME_CHEF_INTENT_KEY, 'true')}
            className="font-semibold text-brand-700 link-underline"
          >
            {t('header.signin')}
          </Link>
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const TIERS: { key: 'chef' | 'pro' | 'signature'; name: string; text: string; features: string[]; badge?: 'pro' | 'signature' }[] = [
  {
    key: 'chef',
    name: tk('onboarding.landing.tiers.chef.name'),
    text: tk('onboarding.landing.tiers.chef.text'),
    features: [tk('onboarding.landing.tiers.features.local'), tk('onboarding.landing.tiers.features.support')],
  },
  {
    key: 'pro',
    name: tk('onboarding.landing.tiers.pro.name'),
    text: tk('onboarding.landing.tiers.pro.text'),
    features: [
      tk('onboarding.landing.tiers.features.local'),
      tk('onboarding.landing.tiers.features.approved'),
      tk('onboarding.landing.tiers.features.qualifications'),
      tk('onboarding.landing.tiers.features.twenty'),
      tk('onboarding.landing.tiers.features.support'),
    ],
    badge: 'pro',
  },
  {
    key: 'signature',
    name: tk('onboarding.landing.tiers.signature.name'),
    text: tk('onboarding.landing.tiers.signature.text'),
    features: [
      tk('onboarding.landing.tiers.features.local'),
      tk('onboarding.landing.tiers.features.trained'),
      tk('onboarding.landing.tiers.features.certified'),
      tk('onboarding.landing.tiers.features.twenty'),
      tk('onboarding.landing.tiers.features.support'),
    ],
    badge: 'signature',
  },
];

function Tiers() {
  const t = useT();
  return (
    <section aria-labelledby="tiers-title" className="flex flex-col gap-6">
      <div className="max-w-2xl">
        <h2 id="tiers-title" className="text-3xl font-bold text-ink-900">
          {t('onboarding.landing.tiers.title')}
        </h2>
        <p className="mt-2 text-ink-700">{t('onboarding.landing.tiers.subtitle')}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3" data-testid="tiers">
        {TIERS.map((tier) => (
          <li key={tier.key} className={`card flex flex-col gap-3 p-6 ${tier.key === 'signature' ? 'ring-2 ring-ink-900' : ''}`}>
            <div className="flex items-center gap-2">
              <h3 className="text-xl font-bold text-ink-900">{t(tier.name)}</h3>
              {tier.badge ? <ChefBadge chef={{ is_pro: true, is_signature: tier.badge === 'signature' }} /> : null}
            </div>
            <p className="text-ink-700">{t(tier.text)}</p>
            <ul className="mt-auto flex flex-col gap-2 pt-2">
              {tier.features.map((f) => (
                <li key={f} className="flex items-start gap-2 text-sm text-ink-800">
                  <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-herb-600" />
                  {t(f)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-700">{t('onboarding.landing.tiers.note')}</p>
    </section>
  );
}

const PRICE_CHOICES = [6500, 9500, 12500, 16000];

function EarningsExample() {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  const [guests, setGuests] = useState(6);
  const [price, setPrice] = useState(9500);
  // Prices are in the chef's currency; the example uses the default currency (CHF) of the marketplace.
  const currency = app?.default_currency ?? 'CHF';
  const q = earningsExample({ pricePerPerson: price, guests, currency, app });
  const money = (n: number) => formatMoney(n, currency, locale);
  const guestsId = useId();

  return (
    <section aria-labelledby="earnings-title" className="grid gap-8 rounded-3xl bg-ink-900 p-6 text-cream-50 sm:p-10 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <h2 id="earnings-title" className="text-3xl font-bold">
          {t('onboarding.landing.earnings.title')}
        </h2>
        <p className="text-cream-200">{t('onboarding.landing.earnings.subtitle', { commission: percentOf(q.commission_bp) })}</p>
        <div>
          <label htmlFor={guestsId} className="block text-sm font-semibold">
            {t('onboarding.landing.earnings.guests', { count: guests })}
          </label>
          <input id={guestsId} type="range" min={2} max={20} value={guests} onChange={(e) => setGuests(Number(e.target.value))} className="mt-2 w-full accent-saffron-500" />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">{t('onboarding.landing.earnings.price')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {PRICE_CHOICES.map((p) => (
              <div key={p}>
                <input id={`${guestsId}-price-${p}`} type="radio" name="example-price" value={p} checked={p === price} onChange={() => setPrice(p)} className="peer sr-only" />
                <label
                  htmlFor={`${guestsId}-price-${p}`}
                  className={`block cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold ring-1 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-saffron-300 peer-focus-visible:outline-offset-2 ${p === price ? 'bg-saffron-300 text-ink-900 ring-saffron-300' : 'ring-cream-200/40 hover:bg-white/10'}`}
                >
                  {money(p)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="rounded-2xl bg-white p-6 text-ink-900" data-testid="earnings-example" aria-live="polite">
        <dl className="flex flex-col gap-3">
          <div className="flex justify-between gap-4">
            <dt>{t('onboarding.landing.earnings.total', { guests, price: money(price) })}</dt>
            <dd className="font-semibold tabular-nums">{money(q.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-4 text-ink-700">
            <dt>{t('onboarding.landing.earnings.commission', { commission: percentOf(q.commission_bp) })}</dt>
            <dd className="tabular-nums">− {money(q.commission)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-cream-300 pt-3 text-xl font-bold">
            <dt>{t('onboarding.landing.earnings.youearn')}</dt>
            <dd className="tabular-nums text-herb-700" data-testid="earnings-amount">
              {money(q.chef_earnings)}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-ink-700">{t('onboarding.landing.earnings.fee', { fee: percentOf(q.service_fee_bp) })}</p>
        <p className="mt-1 text-sm text-ink-700">{t('onboarding.landing.earnings.payout')}</p>
      </div>
    </section>
  );
}

const HOW: { icon: IconName; title: string; text: string }[] = [
  { icon: 'chefhat', title: tk('onboarding.landing.how.apply.title'), text: tk('onboarding.landing.how.apply.text') },
  { icon: 'check', title: tk('onboarding.landing.how.review.title'), text: tk('onboarding.landing.how.review.text') },
  { icon: 'calendar', title: tk('onboarding.landing.how.publish.title'), text: tk('onboarding.landing.how.publish.text') },
  { icon: 'sparkles', title: tk('onboarding.landing.how.paid.title'), text: tk('onboarding.landing.how.paid.text') },
];

const FAQ = [
  { q: tk('onboarding.landing.faq.cost.q'), a: tk('onboarding.landing.faq.cost.a') },
  { q: tk('onboarding.landing.faq.documents.q'), a: tk('onboarding.landing.faq.documents.a') },
  { q: tk('onboarding.landing.faq.time.q'), a: tk('onboarding.landing.faq.time.a') },
  { q: tk('onboarding.landing.faq.when.q'), a: tk('onboarding.landing.faq.when.a') },
];

export default function BecomeChefPage() {
  const t = useT();
  const { app } = useSession();
  usePageHead({ title: t('onboarding.landing.metatitle'), description: t('onboarding.landing.metadescription') });
  const commission = percentOf(earningsExample({ pricePerPerson: 10000, guests: 2, currency: 'CHF', app }).commission_bp);

  return (
    <div className="flex flex-col gap-16 pb-8">
      <section aria-labelledby="become-chef-title" className="grid items-center gap-8 lg:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{t('onboarding.landing.eyebrow')}</p>
          <h1 id="become-chef-title" className="text-4xl font-bold leading-tight text-ink-900 sm:text-5xl">
            {t('onboarding.landing.title')}
          </h1>
          <p className="max-w-xl text-lg text-ink-700">{t('onboarding.landing.subtitle')}</p>
          <BecomeChefCta testId="become-chef-cta" />
          <ul className="mt-2 flex flex-col gap-2 text-ink-800 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {[tk('onboarding.landing.perks.prices'), tk('onboarding.landing.perks.dates'), tk('onboarding.landing.perks.paid')].map((perk) => (
              <li key={perk} className="flex items-center gap-2">
                <Icon name="check" className="h-5 w-5 text-herb-600" />
                {t(perk)}
              </li>
            ))}
          </ul>
        </div>
        <div className="card flex flex-col gap-4 p-6" aria-hidden="true">
          <div className="flex items-center gap-3">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <Icon name="chefhat" className="h-6 w-6" />
            </span>
            <div>
              <p className="font-bold text-ink-900">{t('onboarding.landing.card.title')}</p>
              <p className="text-sm text-ink-600">{t('onboarding.landing.card.text')}</p>
            </div>
          </div>
          <div className="grid grid-cols-3 gap-3 text-center">
            {[
              { v: '2–100', l: tk('onboarding.landing.card.guests') },
              { v: `${commission} %`, l: tk('onboarding.landing.card.commission') },
              { v: '48 h', l: tk('onboarding.landing.card.payout') },
            ].map((x) => (
              <div key={x.l} className="rounded-2xl bg-cream-100 p-3">
                <p className="text-xl font-bold text-ink-900">{x.v}</p>
                <p className="text-xs text-ink-700">{t(x.l)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <Tiers />
      <EarningsExample />

      <section aria-labelledby="how-title" className="flex flex-col gap-6">
        <h2 id="how-title" className="text-3xl font-bold text-ink-900">
          {t('onboarding.landing.how.title')}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HOW.map((step, i) => (
            <li key={step.title} className="card flex flex-col gap-2 p-5">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <Icon name={step.icon} className="h-5 w-5" />
              </span>
              <h3 className="font-bold text-ink-900">
                <span className="text-brand-700">{i + 1}. </span>
                {t(step.title)}
              </h3>
              <p className="text-sm text-ink-700">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="faq-title" className="flex flex-col gap-4">
        <h2 id="faq-title" className="text-3xl font-bold text-ink-900">
          {t('onboarding.landing.faq.title')}
        </h2>
        <div className="flex flex-col divide-y divide-cream-300 rounded-2xl bg-white ring-1 ring-cream-200">
          {FAQ.map((item) => (
            <details key={item.q} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink-900">
                {t(item.q)}
                <Icon name="chevron-down" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-2 text-ink-700">{t(item.a, { commission })}</p>
            </details>
          ))}
        </div>
        <Link href={routeUrl('help')} className="font-semibold text-brand-700 link-underline">
          {t('onboarding.landing.faq.more')}
        </Link>
      </section>

      <section aria-labelledby="cta-title" className="flex flex-col items-start gap-4 rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-10">
        <h2 id="cta-title" className="text-3xl font-bold text-ink-900">
          {t('onboarding.landing.final.title')}
        </h2>
        <p className="max-w-2xl text-ink-700">{t('onboarding.landing.final.text')}</p>
        <BecomeChefCta size="md" />
      </section>
    </div>
  );
}
