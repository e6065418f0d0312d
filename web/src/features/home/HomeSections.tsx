// The home page below the fold (seed §1): featured menus, the tier comparison, inspiration for the seed's events in a
// carousel, the everything-to-know block, the company block and the accepted payment methods. A chunk of its own.
import { useId } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../components/Button';
import { Carousel } from '../../components/Carousel';
import { ChefBadge } from '../../components/ChefBadge';
import { Icon, type IconName } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { MODALS, openModal } from '../../state/ui';
import { FeaturedMenus } from './FeaturedMenus';
import { PaymentLogos } from './PaymentLogos';

// ---- Tier comparison ----

type Tier = 'chef' | 'pro' | 'signature';

/** Seed §1: what each tier offers. Chef: local chef, support; Professional adds approved, qualifications and 20 guests;
 * Signature adds trained, approved and certified, and serves 20. Support (7 to 7) comes with every tier. */
export const TIER_FEATURES: { key: string; tiers: readonly Tier[] }[] = [
  { key: 'localchef', tiers: ['chef', 'pro', 'signature'] },
  { key: 'approved', tiers: ['pro', 'signature'] },
  { key: 'qualifications', tiers: ['pro', 'signature'] },
  { key: 'trained', tiers: ['signature'] },
  { key: 'certified', tiers: ['signature'] },
  { key: 'serve20', tiers: ['pro', 'signature'] },
  { key: 'support', tiers: ['chef', 'pro', 'signature'] },
];

const TIER_STYLE: Record<Tier, string> = {
  chef: 'bg-white ring-cream-300',
  pro: 'bg-white ring-brand-300',
  signature: 'bg-ink-900 text-cream-100 ring-ink-900',
};

function TierComparison() {
  const t = useT();
  const tiers: Tier[] = ['chef', 'pro', 'signature'];
  return (
    <section className="bg-cream-100 py-16" aria-labelledby="tiers-title" data-testid="home-tiers">
      <div className="page-container">
        <h2 id="tiers-title" className="text-3xl font-extrabold tracking-tight text-ink-900">
          {t('home.tiers.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-lg text-ink-700">{t('home.tiers.subtitle')}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {tiers.map((tier) => {
            const dark = tier === 'signature';
            return (
              <li key={tier} className={`flex flex-col rounded-3xl p-6 shadow-sm ring-1 ${TIER_STYLE[tier]}`} data-testid={`tier-${tier}`}>
                <div className="flex items-center gap-2">
                  <h3 className={`text-2xl font-bold ${dark ? 'text-white' : 'text-ink-900'}`}>{t(`home.tiers.${tier}.name`)}</h3>
                  {tier !== 'chef' ? <ChefBadge chef={{ is_pro: tier === 'pro', is_signature: tier === 'signature' }} tooltip={false} className={dark ? 'ring-1 ring-saffron-300' : ''} /> : null}
                </div>
                <p className={`mt-2 ${dark ? 'text-cream-200' : 'text-ink-700'}`}>{t(`home.tiers.${tier}.text`)}</p>
                <ul className="mt-6 space-y-3">
                  {TIER_FEATURES.map((feature) => {
                    const included = feature.tiers.includes(tier);
                    return (
                      <li key={feature.key} className={`flex items-start gap-3 ${included ? '' : dark ? 'text-cream-300' : 'text-ink-600'}`}>
                        {included ? (
                          <Icon name="check" className={`mt-0.5 h-5 w-5 shrink-0 ${dark ? 'text-saffron-300' : 'text-herb-600'}`} />
                        ) : (
                          <span aria-hidden="true" className="mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center font-bold">
                            –
                          </span>
                        )}
                        <span className={included ? 'font-medium' : 'line-through decoration-1'}>
                          {t(`home.tiers.features.${feature.key}`)}
                          <span className="sr-only"> ({included ? t('home.tiers.included') : t('home.tiers.notincluded')})</span>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

// ---- Inspiration ----

/** Seed §1: the events the product names. */
export const EVENTS: { key: string; icon: IconName; tone: string }[] = [
  { key: 'birthdays', icon: 'sparkles', tone: 'from-brand-100 to-saffron-100' },
  { key: 'anniversaries', icon: 'star', tone: 'from-danger-50 to-brand-100' },
  { key: 'holidays', icon: 'calendar', tone: 'from-herb-50 to-cream-200' },
  { key: 'graduations', icon: 'star', tone: 'from-saffron-100 to-cream-200' },
  { key: 'reunions', icon: 'users', tone: 'from-cream-200 to-herb-100' },
  { key: 'dinnerparties', icon: 'plate', tone: 'from-brand-50 to-brand-100' },
  { key: 'babyshowers', icon: 'sparkles', tone: 'from-herb-50 to-saffron-100' },
  { key: 'engagements', icon: 'star', tone: 'from-brand-100 to-danger-50' },
  { key: 'retirement', icon: 'chefhat', tone: 'from-cream-200 to-saffron-100' },
  { key: 'housewarming', icon: 'pin', tone: 'from-herb-100 to-cream-200' },
  { key: 'friendsgiving', icon: 'users', tone: 'from-saffron-100 to-brand-100' },
];

function EventCard({ eventKey, icon, tone }: { eventKey: string; icon: IconName; tone: string }) {
  const t = useT();
  const titleId = useId();
  return (
    <article className="flex h-full flex-col overflow-hidden card" aria-labelledby={titleId} data-testid="inspiration-card">
      <div className={`flex h-32 items-center justify-center bg-gradient-to-br ${tone}`} aria-hidden="true">
        <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-white/80 text-brand-700 shadow-sm">
          <Icon name={icon} className="h-8 w-8" />
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={titleId} className="text-lg font-bold text-ink-900">
          {t(`home.inspiration.events.${eventKey}.title`)}
        </h3>
        <p className="mt-2 flex-1 text-sm text-ink-700">{t(`home.inspiration.events.${eventKey}.text`)}</p>
        <Button variant="outline" size="sm" className="mt-4 self-start" aria-describedby={titleId} onClick={() => openModal(MODALS.bookingSearch)}>
          {t('home.inspiration.cta')}
        </Button>
      </div>
    </article>
  );
}

function Inspiration() {
  const t = useT();
  return (
    <section className="bg-white py-16" aria-labelledby="inspiration-title">
      <div className="page-container">
        <h2 id="inspiration-title" className="text-3xl font-extrabold tracking-tight text-ink-900">
          {t('home.inspiration.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-lg text-ink-700">{t('home.inspiration.subtitle')}</p>
        <div className="mt-6">
          <Carousel label={t('home.inspiration.title')} testId="inspiration-carousel" itemClassName="w-72 sm:w-76">
            {EVENTS.map((event) => (
              <EventCard key={event.key} eventKey={event.key} icon={event.icon} tone={event.tone} />
            ))}
          </Carousel>
        </div>
      </div>
    </section>
  );
}

// ---- Everything to know ----

const FACTS: { key: string; icon: IconName }[] = [
  { key: 'prices', icon: 'check' },
  { key: 'payment', icon: 'star' },
  { key: 'cancellation', icon: 'calendar' },
  { key: 'diets', icon: 'plate' },
  { key: 'chefs', icon: 'chefhat' },
  { key: 'support', icon: 'users' },
];

function EverythingToKnow() {
  const t = useT();
  return (
    <section className="bg-cream-100 py-16" aria-labelledby="know-title">
      <div className="page-container">
        <h2 id="know-title" className="text-3xl font-extrabold tracking-tight text-ink-900">
          {t('home.know.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-lg text-ink-700">{t('home.know.subtitle')}</p>
        <dl className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FACTS.map((fact) => (
            <div key={fact.key} className="card p-6">
              <dt className="flex items-center gap-3 text-lg font-bold text-ink-900">
                <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden="true">
                  <Icon name={fact.icon} className="h-5 w-5" />
                </span>
                {t(`home.know.${fact.key}.title`)}
              </dt>
              <dd className="mt-3 text-ink-700">{t(`home.know.${fact.key}.text`)}</dd>
            </div>
          ))}
        </dl>
        {/* May wrap: "Lire toutes les questions et réponses" is wider than a phone. */}
        <Link href={routeUrl('help')} className={buttonClasses('outline', 'md', 'mt-8 whitespace-normal text-center')}>
          {t('home.know.faq')}
        </Link>
      </div>
    </section>
  );
}

// ---- Company and payments ----

function Company() {
  const t = useT();
  return (
    <section className="bg-ink-900 py-16 text-cream-100" aria-labelledby="company-title">
      <div className="page-container grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <div>
          <h2 id="company-title" className="text-3xl font-extrabold tracking-tight text-white">
            {t('home.company.title')}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-cream-200">{t('home.company.text')}</p>
          <p className="mt-3 max-w-2xl text-cream-200">{t('home.company.text2')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link href={routeUrl('aboutus')} className={buttonClasses('primary', 'md')}>
              {t('home.company.about')}
            </Link>
            <Link href={routeUrl('page', { pageUrl: 'contact' })} className="btn btn-md border-2 border-cream-200 text-white hover:bg-white/10">
              {t('home.company.contact')}
            </Link>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {(['regions', 'tiers', 'support', 'based'] as const).map((key) => (
            <div key={key} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
              <dt className="text-sm text-cream-200">{t(`home.company.facts.${key}.label`)}</dt>
              <dd className="mt-1 text-xl font-bold text-white">{t(`home.company.facts.${key}.value`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Payments() {
  const t = useT();
  return (
    <section className="bg-white py-12" aria-labelledby="payments-title">
      <div className="page-container flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="payments-title" className="text-xl font-bold text-ink-900">
            {t('home.payments.title')}
          </h2>
          <p className="mt-1 text-ink-700">{t('home.payments.text')}</p>
        </div>
        <PaymentLogos />
      </div>
    </section>
  );
}

export default function HomeSections() {
  return (
    <>
      <FeaturedMenus />
      <TierComparison />
      <Inspiration />
      <EverythingToKnow />
      <Company />
      <Payments />
    </>
  );
}
