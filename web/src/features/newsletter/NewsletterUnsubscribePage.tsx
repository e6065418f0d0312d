// The unsubscribe link of every newsletter mail (route newsletter.unsubscribe, query email and its signed token):
// one click takes the address off the list (POST /v1/newsletter/unsubscribe).
import { useSearch } from 'wouter';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { NewsletterLinkCard } from './NewsletterLinkCard';

export default function NewsletterUnsubscribePage() {
  const t = useT();
  const params = new URLSearchParams(useSearch());
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  return (
    <NewsletterLinkCard
      title={t('newsletterlink.unsubscribe.title')}
      text={t('newsletterlink.unsubscribe.text', { email })}
      button={t('newsletterlink.unsubscribe.button')}
      complete={email !== '' && token !== ''}
      call={() => unwrap(client.newsletter.unsubscribe.$post({ json: { email, token } }))}
      invalid={t('newsletterlink.unsubscribe.invalid')}
      done={() => <p>{t('newsletterlink.unsubscribe.done', { email })}</p>}
    />
  );
}
