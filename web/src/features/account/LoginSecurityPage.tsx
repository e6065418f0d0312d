// Login & security (route account.loginsecurity): change the password, see the linked sign-in methods, and the
// active sessions with "this device", signing one out or every other one (each after a confirmation).
import { useState } from 'react';
import { changePasswordBody, PASSWORD_MIN } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { client, unwrap, type Answer } from '../../lib/client';
import { formatDate, formatDateTime } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { useApi } from '../../lib/swr';
import { notify } from '../../state/ui';
import { AccountPage, Section } from './AccountPage';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeUserAgent } from './device';
import { TextField } from '../../components/Field';
import { useSchemaForm } from '../../lib/schema-form';
import { Empty, LoadError, Loading } from '../../components/LoadState';

const me = client.users.me;
type Sessions = Answer<typeof me.sessions.$get>;
type ActiveSession = Sessions['data'][number];

const PROVIDER_NAMES: Record<string, string> = { apple: 'Apple', google: 'Google', facebook: 'Meta' };


function ChangePasswordSection({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const form = useSchemaForm(changePasswordBody, (body) => unwrap(me.change_password.$post({ json: body })), {
    initial: { old_password: '', password: '', confirm: '' },
    guard: false,
    clear: true,
    codes: { WRONG_PASSWORD: 'account.security.wrongcurrent' },
    body: ({ old_password, password }) => ({ old_password, password }),
    check: ({ password, confirm }) => (password === confirm ? {} : { confirm: [t('auth.recovery.mismatch')] }),
    onSuccess: () => {
      notify({ type: 'success', title: t('account.security.changed'), message: t('account.security.changedtext') });
      onChanged();
    },
  });

  return (
    <Section title={t('account.security.password')} testId="password-section">
      <form {...form.props} className="flex max-w-md flex-col gap-4">
        {/* A failure that names no field (a wrong current password, no connection) shows under the current password. */}
        <TextField
          {...form.field('old_password')}
          errors={form.errors.old_password ?? (form.formErrors.length ? form.formErrors : undefined)}
          type="password"
          label={t('account.security.current')}
          autoComplete="current-password"
        />
        <TextField {...form.field('password')} type="password" label={t('auth.recovery.new')} autoComplete="new-password" hint={t('auth.signup.passwordhint', { min: PASSWORD_MIN })} />
        <TextField {...form.field('confirm')} type="password" label={t('auth.recovery.confirm')} autoComplete="new-password" />
        <div>
          <Button type="submit" loading={form.busy}>
            {t('account.security.change')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function SignInMethodsSection() {
  const t = useT();
  const locale = useLocale();
  const { data, error, isLoading, mutate } = useApi<Answer<typeof me['sign-in-methods']['$get']>>(me['sign-in-methods'].$path());
  const methods = data?.data;

  return (
    <Section title={t('account.methods.title')} testId="methods-section">
      {isLoading && !methods ? (
        <Loading />
      ) : error && !methods ? (
        <LoadError retry={() => mutate()} text={t('account.loaderror')} />
      ) : methods ? (
        <ul className="divide-y divide-cream-200">
          <li className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span className="font-semibold text-ink-900">{t('auth.fields.password')}</span>
            <VerifiedBadge verified={methods.password} label={methods.password ? t('account.methods.passwordset') : t('account.methods.passwordnotset')} />
          </li>
          {methods.providers.length ? (
            methods.providers.map((p) => (
              <li key={`${p.provider}-${p.linked_at}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span>
                  <span className="block font-semibold text-ink-900">{PROVIDER_NAMES[p.provider] ?? p.provider}</span>
                  {p.email ? <span className="block text-sm text-ink-600">{p.email}</span> : null}
                </span>
                <span className="text-sm text-ink-700">{t('account.methods.linked', { date: formatDate(p.linked_at, locale) })}</span>
              </li>
            ))
          ) : (
            <li className="py-3">
              <Empty text={t('account.methods.none')} />
            </li>
          )}
        </ul>
      ) : null}
    </Section>
  );
}

type Pending = { kind: 'one'; session: ActiveSession } | { kind: 'others' } | null;

function SessionsSection({ sessions }: { sessions: ReturnType<typeof useApi<Sessions>> }) {
  const t = useT();
  const locale = useLocale();
  const [pending, setPending] = useState<Pending>(null);
  const list = sessions.data?.data;
  const others = list?.filter((s) => !s.current).length ?? 0;

  const device = (s: ActiveSession) => {
    const { browser, os } = describeUserAgent(s.user_agent);
    if (browser && os) return t('account.sessions.browseros', { browser, os });
    return browser ?? os ?? t('account.sessions.unknowndevice');
  };

  const revoke = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'one') {
        await unwrap(me.sessions[':id'].$delete({ param: { id: pending.session.id } }));
        notify({ type: 'success', title: t('account.sessions.signedout') });
      } else {
        await unwrap(me.sessions['revoke-others'].$post({ json: {} }));
        notify({ type: 'success', title: t('account.sessions.signedoutothers') });
      }
    } catch (err) {
      notify({ title: t('account.sessions.failed'), message: err instanceof Error ? err.message : '' });
    }
    setPending(null);
    await sessions.mutate();
  };

  return (
    <Section
      title={t('account.sessions.title')}
      testId="sessions-section"
      actions={
        <Button variant="outline" size="sm" disabled={!others} onClick={() => setPending({ kind: 'others' })}>
          {t('account.sessions.signoutothers')}
        </Button>
      }
    >
      {sessions.isLoading && !list ? (
        <Loading />
      ) : sessions.error && !list ? (
        <LoadError retry={() => sessions.mutate()} text={t('account.loaderror')} />
      ) : list?.length ? (
        <ul className="divide-y divide-cream-200">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                  {device(s)}
                  {s.current ? (
                    <span className="rounded-full bg-herb-50 px-2 py-0.5 text-xs font-bold text-herb-700 ring-1 ring-herb-100" data-testid="this-device">
                      {t('account.sessions.thisdevice')}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-600">
                  {t('account.sessions.lastseen', { date: formatDateTime(s.last_seen_at, locale) })}
                  {s.ip ? ` · ${s.ip}` : ''}
                </p>
              </div>
              {s.current ? null : (
                <Button variant="ghost" size="sm" onClick={() => setPending({ kind: 'one', session: s })} aria-label={`${t('account.sessions.signout')}: ${device(s)}`}>
                  {t('account.sessions.signout')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty text={t('pagedlist.nodata')} />
      )}
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'one' ? t('account.sessions.confirmone') : t('account.sessions.confirmothers')}
          text={pending.kind === 'one' ? device(pending.session) : t('account.sessions.confirmotherstext')}
          confirmLabel={t(pending.kind === 'one' ? tk('account.sessions.signout') : tk('account.sessions.signoutothers'))}
          onConfirm={revoke}
          cancelLabel={t('account.cancel')}
          yieldToModal
          onCancel={() => setPending(null)}
        />
      ) : null}
    </Section>
  );
}

export default function LoginSecurityPage() {
  const t = useT();
  return (
    <AccountPage title={t('screens.loginsecurity')}>
      {() => <LoginSecurityContent />}
    </AccountPage>
  );
}

function LoginSecurityContent() {
  const sessions = useApi<Sessions>(me.sessions.$path());
  return (
    <>
      <ChangePasswordSection onChanged={() => void sessions.mutate()} />
      <SignInMethodsSection />
      <SessionsSection sessions={sessions} />
    </>
  );
}
