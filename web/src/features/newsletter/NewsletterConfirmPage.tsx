// The confirmation link of the newsletter's double opt-in (route newsletter.confirm, query token): one click puts
// the address on the list (POST /v1/newsletter/confirm), and the answer carries the way off it again.
import { Link, useSearch } from 'wouter';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { NewsletterLinkCard } from './NewsletterLinkCard';

/** The unsubscribe link as a path of this site (the server builds it absolute, for mails). */
const localPath = (url: string) => {
  const u = new URL(url, window.location.origin);
  return `${u.pathname}${u.search}`;
};

export default function NewsletterConfirmPage() {
  const t = useT();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <NewsletterLinkCard
      title={t('newsletterlink.confirm.title')}
      text={t('newsletterlink.confirm.text')}
      button={t('newsletterlink.confirm.button')}
      complete={token !== ''}
      call={() => unwrap(client.newsletter.confirm.$post({ json: { token } }))}
      invalid={t('newsletterlink.confirm.invalid')}
      done={(data) => (
        <>
          <p>{t('newsletterlink.confirm.done', { email: data.email })}</p>
          <p className="mt-2 text-sm">
            <Link href={localPath(data.unsubscribe_url)} className="link-underline">
              {t('newsletterlink.confirm.changedmind')}
            </Link>
          </p>
        </>
      )}
    />
  );
}
