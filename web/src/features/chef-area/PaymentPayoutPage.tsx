// me/payment-payout: for chefs, a summary of the payout details with the way to the payouts screen; for everyone,
// the payments of their own bookings with their refunds. A customer's screen is "Payments": payouts are a chef's.
import { Link } from 'wouter';
import { LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useSession } from '../../state/session';
import { usePayoutDetails } from './chefApi';
import { MyPayments } from './MyPayments';
import { PayoutDetailsSummary } from './PayoutDetailsForm';
import { Section } from './Section';
import { LoadError, Loading } from './states';

function ChefPayoutSummary() {
  const t = useT();
  const details = usePayoutDetails();
  let body;
  if (details.error && !details.data) body = <LoadError retry={() => details.mutate()} />;
  else if (!details.data) body = <Loading />;
  else if (!details.data.data) body = <p className="text-ink-700">{t('chefarea.paymentpayout.nodetails')}</p>;
  else body = <PayoutDetailsSummary details={details.data.data} />;
  return (
    <Section title={t('chefarea.paymentpayout.payouts')} description={t('chefarea.paymentpayout.payoutshint')} testId="chef-payout-summary">
      <div className="flex flex-col gap-4">
        {body}
        <div>
          <LinkButton href={routeUrl('account.payout')} variant="outline" size="sm">
            {t('chefarea.paymentpayout.managepayouts')}
          </LinkButton>
        </div>
      </div>
    </Section>
  );
}

export default function PaymentPayoutPage() {
  const t = useT();
  const { user } = useSession();
  const title = t(user?.is_chef ? 'screens.paymentpayout' : 'screens.payments');
  usePageHead({ title });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link href={routeUrl('account.home')} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 link-underline">
        <Icon name="arrow-left" className="h-4 w-4" />
        {t('account.back')}
      </Link>
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      {user?.is_chef ? <ChefPayoutSummary /> : null}
      <Section title={t('chefarea.paymentpayout.payments')} description={t('chefarea.paymentpayout.paymentshint')} testId="customer-payments">
        <MyPayments />
        <Link href={routeUrl('account.bookings')} className="mt-3 inline-block font-semibold text-brand-700 link-underline">
          {t('chefarea.paymentpayout.tobookings')}
        </Link>
      </Section>
      {user && !user.is_chef ? (
        <p className="text-sm text-ink-700">
          {t('chefarea.paymentpayout.becomechef')}{' '}
          <Link href={routeUrl('account.beachef')} className="font-semibold text-brand-700 link-underline">
            {t('chefarea.common.becomechef')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
