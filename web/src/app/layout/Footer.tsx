// Site footer (seed §1): product, support, company and legal links, social links, newsletter sign-up and the
// copyright line. Without early_access it drops the home link, the job offers link and all social links.
// On a phone its links are 44 px tall to tap (uno.config.ts), so they need no spacing between them: the lists and the
// margins are tighter there than on a desktop with a mouse.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { SocialIcon, type SocialIconName } from '../../components/SocialIcon';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useSession } from '../../state/session';
import { MODALS, openModal } from '../../state/ui';

export const COMPANY_NAME = 'YourLocalChef GmbH';

export const SOCIAL_LINKS: { name: string; icon: SocialIconName; href: string }[] = [
  { name: 'TikTok', icon: 'tiktok', href: 'https://www.tiktok.com/@yourlocalchef' },
  { name: 'Facebook', icon: 'facebook', href: 'https://www.facebook.com/yourlocalchef' },
  { name: 'Instagram', icon: 'instagram', href: 'https://www.instagram.com/yourlocalchef' },
  { name: 'X', icon: 'x', href: 'https://x.com/yourlocalchef' },
  { name: 'Bluesky', icon: 'bluesky', href: 'https://bsky.app/profile/yourlocalchef.bsky.social' },
];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wider text-saffron-300">{title}</h2>
      <ul className="mt-2 sm:mt-4 sm:space-y-3">{children}</ul>
    </div>
  );
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href} className="break-words text-cream-200 hover:text-white hover:underline">
        {children}
      </Link>
    </li>
  );
}

export function Footer() {
  const t = useT();
  const { early_access: earlyAccess } = useSession();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-ink-900 text-cream-200" data-testid="site-footer">
      <div className="page-container grid gap-8 py-8 sm:py-12 lg:grid-cols-[1.3fr_3fr]">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-xl font-bold text-white">
            {t('footer.newsletter.title')}
          </h2>
          <p className="mt-2 max-w-sm text-cream-200">{t('footer.newsletter.text')}</p>
          <Button variant="primary" className="mt-4" icon={<Icon name="mail" className="h-4 w-4" />} onClick={() => openModal(MODALS.newsletter)}>
            {t('footer.newsletter.button')}
          </Button>
          {earlyAccess ? (
            <ul className="mt-8 flex gap-3" aria-label={t('footer.social')}>
              {SOCIAL_LINKS.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-brand-600"
                    aria-label={t('footer.socialon', { network: link.name })}
                  >
                    <SocialIcon name={link.icon} className="h-5 w-5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <nav aria-label={t('footer.navigation')} className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-4 sm:gap-8">
          <Column title={t('footer.product')}>
            {earlyAccess ? <FooterLink href={routeUrl('home')}>{t('footer.home')}</FooterLink> : null}
            <FooterLink href={routeUrl('account.beachef')}>{t('footer.becomechef')}</FooterLink>
          </Column>
          <Column title={t('footer.support')}>
            <FooterLink href={routeUrl('page', { pageUrl: 'contact' })}>{t('footer.contact')}</FooterLink>
            <FooterLink href={routeUrl('help')}>{t('footer.help')}</FooterLink>
          </Column>
          <Column title={t('footer.company')}>
            <FooterLink href={routeUrl('aboutus')}>{t('footer.aboutus')}</FooterLink>
            {earlyAccess ? <FooterLink href={routeUrl('page', { pageUrl: 'jobs' })}>{t('footer.jobs')}</FooterLink> : null}
          </Column>
          <Column title={t('footer.legal')}>
            <FooterLink href={routeUrl('page', { pageUrl: 'foodsafety' })}>{t('footer.foodsafety')}</FooterLink>
            <FooterLink href={routeUrl('page', { pageUrl: 'termsconditions' })}>{t('footer.terms')}</FooterLink>
            <FooterLink href={routeUrl('page', { pageUrl: 'privacypolicy' })}>{t('footer.privacy')}</FooterLink>
            <FooterLink href={routeUrl('page', { pageUrl: 'legalnotice' })}>{t('footer.imprint')}</FooterLink>
          </Column>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="page-container py-4 text-sm text-cream-300 sm:py-6">{t('footer.copyright', { year, company: COMPANY_NAME })}</p>
      </div>
    </footer>
  );
}
