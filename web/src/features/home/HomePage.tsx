// Home (seed §1). This chunk holds what the first screen shows: the hero with the locale's rotating headline word and
// the three-step guide. Everything further down (featured menus, tiers, inspiration, everything-to-know, company,
// payment logos) is its own chunk, fetched right after the first render, so the first download stays small.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { MODALS, openModal } from '../../state/ui';

const HomeSections = lazy(() => import('./HomeSections'));

const WORD_MARK = '\u0000';
/** How long each headline word shows. */
export const ROTATE_MS = 2600;

/** The headline's words for the active locale (seed §1: German Chef, Privatkoch, Störkoch; English Cook, Chef). */
export const headlineWords = (value: string): string[] =>
  value
    .split('|')
    .map((w) => w.trim())
    .filter(Boolean);

function useRotatingWord(words: string[]): string {
  const [index, setIndex] = useState(0);
  const key = words.join('|');
  useEffect(() => setIndex(0), [key]);
  useEffect(() => {
    if (words.length < 2) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % words.length), ROTATE_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return words[index % Math.max(1, words.length)] ?? '';
}

function Hero() {
  const t = useT();
  const [before = '', after = ''] = t('home.hero.title', { word: WORD_MARK }).split(WORD_MARK);
  const word = useRotatingWord(headlineWords(t('home.hero.words')));
  const perks: { icon: IconName; text: string }[] = [
    { icon: 'check', text: t('home.hero.perk1') },
    { icon: 'check', text: t('home.hero.perk2') },
    { icon: 'check', text: t('home.hero.perk3') },
  ];

  return (
    <section className="hero-glow relative overflow-hidden" aria-labelledby="hero-title">
      <div className="page-container relative grid items-center gap-10 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/70 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
            <Icon name="sparkles" className="h-4 w-4" />
            {t('home.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl lg:text-6xl">
            {before}
            <span key={word} className="inline-block text-brand-700" style={{ animation: 'ylc-appear .45s ease-out' }} data-testid="hero-word">
              {word}
            </span>
            {after}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-700 sm:text-xl">{t('home.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" icon={<Icon name="search" className="h-5 w-5" />} onClick={() => openModal(MODALS.bookingSearch)} data-testid="hero-search">
              {t('home.hero.cta')}
            </Button>
            <Link href={routeUrl('account.beachef')} className={buttonClasses('outline', 'lg')}>
              {t('home.hero.chefcta')}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-ink-800">
            {perks.map((perk) => (
              <li key={perk.text} className="flex items-center gap-2">
                <Icon name={perk.icon} className="h-4 w-4 text-herb-600" />
                {perk.text}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative hidden lg:block" aria-hidden="true">
          <div className="mx-auto flex aspect-square max-w-sm items-center justify-center rounded-full bg-white/80 shadow-xl ring-8 ring-white/60">
            <div className="flex aspect-square w-3/4 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-cream-50">
              <Icon name="chefhat" className="h-1/2 w-1/2" />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  const t = useT();
  const steps: { icon: IconName; title: string; text: string }[] = [
    { icon: 'calendar', title: t('home.steps.step1.title'), text: t('home.steps.step1.text') },
    { icon: 'plate', title: t('home.steps.step2.title'), text: t('home.steps.step2.text') },
    { icon: 'sparkles', title: t('home.steps.step3.title'), text: t('home.steps.step3.text') },
  ];
  return (
    <section className="bg-white py-16" aria-labelledby="steps-title">
      <div className="page-container">
        <h2 id="steps-title" className="text-center text-3xl font-extrabold tracking-tight text-ink-900">
          {t('home.steps.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-lg text-ink-700">{t('home.steps.subtitle')}</p>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="relative flex flex-col items-center text-center">
              <span className="relative mb-5 inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon name={step.icon} className="h-8 w-8" />
                <span className="absolute -right-2 -top-2 inline-flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
              </span>
              <h3 className="text-xl font-bold text-ink-900">{step.title}</h3>
              <p className="mt-2 max-w-xs text-ink-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Where the sections further down go until their chunk is there. */
const sectionsSpace = <div className="min-h-[60vh]" aria-hidden="true" />;

export default function HomePage() {
  const t = useT();
  usePageHead({ title: t('home.title'), description: t('meta.description') });
  return (
    <>
      <Hero />
      <HowItWorks />
      {/* Never in the prerendered HTML (web/src/prerender.tsx), however fast their chunk loads there: the first
          screen's HTML stays small, and the same for every locale. */}
      {typeof document === 'undefined' ? (
        sectionsSpace
      ) : (
        <Suspense fallback={sectionsSpace}>
          <HomeSections />
        </Suspense>
      )}
    </>
  );
}
