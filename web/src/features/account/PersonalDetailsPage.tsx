// Personal details (route account.personaldetails): names, the e-mail address with its verification, and the
// mobile number verified by an SMS code. The mailed verification link lands here with ?email_verified=1|0. Unsaved
// names are guarded (lib/unsaved-changes.ts).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { profileBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { fetchSession, type SessionUser } from '../../state/session';
import { notify } from '../../state/ui';
import { AccountPage, Section } from './AccountPage';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { PhoneVerification } from '../../components/PhoneVerification';
import { FormErrors, TextField } from '../../components/Field';
import { useSchemaForm } from '../../lib/schema-form';

function NamesSection({ user }: { user: SessionUser }) {
  const t = useT();
  const form = useSchemaForm(profileBody, (body) => unwrap(client.users.me.$put({ json: body })), {
    initial: { firstname: user.firstname ?? '', lastname: user.lastname ?? '' },
    onSuccess: async (_, saved) => {
      // The names as stored: trimmed.
      form.setBase(saved);
      notify({ type: 'success', title: t('account.saved') });
      await fetchSession();
    },
  });

  return (
    <Section title={t('account.personal.names')} testId="names-section">
      <form {...form.props} className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('firstname')} label={t('auth.fields.firstname')} autoComplete="given-name" />
        <TextField {...form.field('lastname')} label={t('auth.fields.lastname')} autoComplete="family-name" />
        <FormErrors errors={form.formErrors} className="sm:col-span-2" testId="names-error" />
        <div className="sm:col-span-2">
          <Button type="submit" loading={form.busy}>
            {t('account.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function EmailSection({ user }: { user: SessionUser }) {
  const t = useT();
  const verified = Boolean(user.email_verified);
  const [sent, setSent] = useState(false);

  const send = async () => {
    try {
      await unwrap(client.auth['send-verify'].$post({ json: {} }));
    } catch (err) {
      notify({ title: t('account.email.sendfailed'), message: err instanceof Error ? err.message : '' });
      return;
    }
    setSent(true);
    notify({ type: 'success', title: t('account.email.sent'), message: t('account.email.senttext') });
  };

  return (
    <Section title={t('account.email.title')} testId="email-section">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-ink-900 break-all" data-testid="account-email">
          {user.email}
        </span>
        <VerifiedBadge verified={verified} label={verified ? t('account.verified') : t('account.notverified')} />
      </div>
      {verified ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={send}>
            {t('account.email.send')}
          </Button>
          {sent ? (
            <p role="status" className="text-sm text-ink-700">
              {t('account.email.senttext')}
            </p>
          ) : null}
        </div>
      )}
    </Section>
  );
}

function PhoneSection({ user }: { user: SessionUser }) {
  const t = useT();
  return (
    <Section title={t('account.phone.title')} description={t('account.phone.text')} testId="phone-section">
      <PhoneVerification phone={user.phone} verified={Boolean(user.phone_verified)} onVerified={fetchSession} />
    </Section>
  );
}

/** Seed-style outcome of the mailed verification link, shown once; the query is then dropped from the URL. */
function useEmailVerifiedNotice() {
  const t = useT();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const handled = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('email_verified');
    if (handled.current || (outcome !== '1' && outcome !== '0')) return;
    handled.current = true;
    if (outcome === '1') {
      notify({ type: 'success', title: t('account.email.verified') });
      void fetchSession();
    } else {
      notify({ title: t('account.email.verifyfailed'), message: t('account.email.verifyfailedtext') });
    }
    params.delete('email_verified');
    const rest = params.toString();
    navigate(`${path}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [search, path, navigate, t]);
}

export default function PersonalDetailsPage() {
  const t = useT();
  useEmailVerifiedNotice();
  return (
    <AccountPage title={t('screens.personaldetails')}>
      {(user) => (
        <>
          <NamesSection user={user} />
          <EmailSection user={user} />
          <PhoneSection user={user} />
        </>
      )}
    </AccountPage>
  );
}
