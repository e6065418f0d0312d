// Cookie consent (seed §4): stored under `cookie-consent` as accepted or rejected. Accepting loads the configured
// analytics with the user properties and one experiment impression per test group; rejecting loads nothing. Hidden
// once chosen.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../components/Button';
import { readConsent, startAnalytics, storeConsent, userProperties, type Consent } from '../lib/analytics';
import { i18n, useT } from '../lib/i18n';
import { routeUrl } from '../lib/routes';
import { preferences } from '../state/preferences';
import { afterSessionFetched, session } from '../state/session';

/** Loads analytics for this page view once the session says which provider, if any, the deployment uses. */
function startAfterConsent(): void {
  afterSessionFetched(() => {
    const properties = () => userProperties({ user: session.user, currency: preferences.currency, locale: i18n.locale });
    startAnalytics(session.app?.analytics, properties, { ...session.test_groups }).catch((err: unknown) => console.error('Analytics failed to load', err));
  });
}

export function CookieConsent() {
  const t = useT();
  const [consent, setConsent] = useState<Consent | null>(() => readConsent());

  useEffect(() => {
    if (readConsent() === 'accepted') startAfterConsent();
  }, []);

  // Prerendered HTML (web/src/prerender.tsx) has no visitor: whether they answered is known only in the browser.
  if (consent || typeof document === 'undefined') return null;

  const choose = (value: Consent) => {
    storeConsent(value);
    setConsent(value);
    if (value === 'accepted') startAfterConsent();
  };

  // Above the page, below everything that opens over it: the header (z-30, with its menus and the messages panel),
  // popovers (z-40) and modal dialogs (z-50). On a phone the banner fills the lower half of the screen, and on top it
  // hid the dialogs a visitor opened.
  return (
    <section
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-0 bottom-0 z-20 p-3 sm:p-4"
      data-testid="cookie-consent"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4 rounded-3xl bg-white p-5 shadow-2xl ring-1 ring-cream-300 sm:flex-row sm:items-center">
        <div className="flex-1">
          <h2 id="cookie-consent-title" className="font-bold text-ink-900">
            {t('cookieconsent.title')}
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            {t('cookieconsent.text')}{' '}
            <Link href={routeUrl('page', { pageUrl: 'privacypolicy' })} className="font-semibold text-brand-700 link-underline">
              {t('cookieconsent.privacy')}
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          <Button variant="outline" onClick={() => choose('rejected')}>
            {t('cookieconsent.reject')}
          </Button>
          <Button variant="primary" onClick={() => choose('accepted')}>
            {t('cookieconsent.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
