// Settings home (routes account.home and account.me): one card per settings screen. The payments card names payouts
// only for a chef; a customer's screen holds just their payments and refunds.
import { Link } from 'wouter';
import { Icon, type IconName } from '../../components/Icon';
import { tk, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { AccountPage } from './AccountPage';

type Card = { route: string; title: string; text: string; icon: IconName };

const CARDS: Card[] = [
  { route: 'account.personaldetails', title: tk('screens.personaldetails'), text: tk('account.home.personaldetails'), icon: 'users' },
  { route: 'account.loginsecurity', title: tk('screens.loginsecurity'), text: tk('account.home.loginsecurity'), icon: 'check' },
  { route: 'account.notifications', title: tk('screens.notifications'), text: tk('account.home.notifications'), icon: 'mail' },
  { route: 'account.bookings', title: tk('screens.bookings'), text: tk('account.home.bookings'), icon: 'calendar' },
];
const PAYMENTS: Card = { route: 'account.paymentpayout', title: tk('screens.payments'), text: tk('account.home.payments'), icon: 'plate' };
const PAYMENTS_PAYOUTS: Card = { ...PAYMENTS, title: tk('screens.paymentpayout'), text: tk('account.home.paymentpayout') };

export default function AccountHomePage() {
  const t = useT();
  return (
    <AccountPage title={t('screens.accounthome')} intro={t('account.home.intro')} back={false}>
      {(user) => (
          <ul className="grid gap-4 sm:grid-cols-2">
            {[...CARDS, user.is_chef ? PAYMENTS_PAYOUTS : PAYMENTS].map((card) => (
              <li key={card.route}>
                <Link
                  href={routeUrl(card.route)}
                  className="card flex h-full items-start gap-4 p-5 transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-700"
                >
                  <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                    <Icon name={card.icon} className="h-5 w-5" />
                  </span>
                  <span>
                    <span className="block font-bold text-ink-900">{t(card.title)}</span>
                    <span className="mt-1 block text-sm text-ink-600">{t(card.text)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
      )}
    </AccountPage>
  );
}
