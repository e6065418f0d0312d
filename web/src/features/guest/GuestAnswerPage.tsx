// The guest allergy passport's public page (route guest.answer, /guest/:token): a guest of a booking answers for
// themselves, without an account — name, diets, and each allergy marked as a preference, an intolerance or severe.
// The device keeps the answer and its edit key, so the same guest changes it from here until the dinner begins.
import { useState } from 'react';
import { ALLERGY_LEVELS, type AllergyLevel } from '#shared/dietary';
import { TURNSTILE_FIELD } from '#shared/schemas/fields';
import { GUEST_NAME_MAX, guestAnswerBody, type GuestAnswerInput } from '#shared/schemas/guest-answer.schema';
import { Button } from '../../components/Button';
import { ChipGroup, FieldErrorList, FormErrors, TextField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { client, unwrap, type Answer } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { usePageHead } from '../../lib/head';
import { tk, useLocale, useT } from '../../lib/i18n';
import type { PageProps } from '../../lib/routes';
import { errorsUnder, useSchemaForm } from '../../lib/schema-form';
import { storage } from '../../lib/storage';
import { useApi } from '../../lib/swr';
import { useTurnstile } from '../../lib/turnstile';
import { useSession } from '../../state/session';

type Allergy = { key: string; level: AllergyLevel };
const LEVEL_TEXT = {
  preference: [tk('passport.levels.preference'), tk('passport.levelhints.preference')],
  intolerance: [tk('passport.levels.intolerance'), tk('passport.levelhints.intolerance')],
  severe: [tk('passport.levels.severe'), tk('passport.levelhints.severe')],
} satisfies Record<AllergyLevel, [string, string]>;
/** The answer's failures the guest reads in their language, by code (the server answers in English). */
const GUEST_CODES = {
  INVITE_EXPIRED: 'passport.guest.expired',
  INVITE_NOT_FOUND: 'passport.guest.invalid',
  RATE_LIMITED: 'passport.guest.toomany',
  BOT_CHECK_FAILED: 'passport.guest.errors.botcheck',
  GUEST_LIST_FULL: 'passport.guest.errors.listfull',
  ANSWER_NOT_FOUND: 'passport.guest.errors.answergone',
  ANSWER_CHANGED: 'passport.guest.errors.answerchanged',
};
const inviteCall = client['guest-invites'][':token'];
type Invite = Answer<typeof inviteCall.$get>['data'];
type Vocabulary = Answer<typeof client.lists.$get>['data'];
/** What this device keeps of its answer. */
export type SavedAnswer = { edit_key: string; name: string; diets: string[]; allergies: Allergy[] };

export const savedKey = (token: string) => `ylc_guest_answer:${token}`;
export function readSaved(token: string): SavedAnswer | null {
  try {
    return JSON.parse(storage.get(savedKey(token)) ?? 'null') as SavedAnswer | null;
  } catch {
    return null;
  }
}

export default function GuestAnswerPage({ params }: PageProps) {
  const t = useT();
  const token = params.token ?? '';
  usePageHead({ title: t('passport.guest.title') });
  const invite = useApi<{ data: Invite }>(token ? inviteCall.$path({ param: { token } }) : null, { shouldRetryOnError: false });
  const lists = useApi<{ data: Vocabulary }>(client.lists.$path(), { revalidateIfStale: false });

  if (invite.error) {
    const gone = invite.error.code === 'INVITE_EXPIRED' || invite.error.code === 'INVITE_NOT_FOUND' || invite.error.status === 400;
    return (
      <div className="mx-auto max-w-lg px-4 py-10">
        {gone ? (
          <p role="alert" className="rounded-xl bg-cream-100 p-4" data-testid="guest-invite-error">
            {invite.error.code === 'INVITE_EXPIRED' ? t('passport.guest.expired') : t('passport.guest.invalid')}
          </p>
        ) : (
          <LoadError retry={() => invite.mutate()} text={invite.error.code === 'RATE_LIMITED' ? t('passport.guest.toomany') : undefined} />
        )}
      </div>
    );
  }
  if (!invite.data || !lists.data) return lists.error ? <LoadError retry={() => lists.mutate()} /> : <Loading />;
  return <GuestForm token={token} invite={invite.data.data} vocabulary={lists.data.data} />;
}

function GuestForm({ token, invite, vocabulary }: { token: string; invite: Invite; vocabulary: Vocabulary }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  const bot = useTurnstile(app?.turnstile_site_key, 'guest_answer', locale);
  const [saved, setSaved] = useState(() => readSaved(token));
  // Whether the last answer sent changed one this device had sent before.
  const [updated, setUpdated] = useState(false);
  const answers = inviteCall.answers;
  const send = async (body: GuestAnswerInput) =>
    saved ? (await unwrap(answers.$put({ param: { token }, json: { ...body, edit_key: saved.edit_key } })), saved.edit_key) : (await unwrap(answers.$post({ param: { token }, json: body }))).data.edit_key;
  const form = useSchemaForm(guestAnswerBody, send, {
    initial: { name: saved?.name ?? '', diets: saved?.diets ?? [], allergies: saved?.allergies ?? [] },
    body: (values) => ({ ...values, [TURNSTILE_FIELD]: bot.token }),
    codes: GUEST_CODES,
    onSuccess: (editKey, body) => {
      const next: SavedAnswer = { edit_key: editKey, name: body.name, diets: body.diets, allergies: body.allergies };
      storage.set(savedKey(token), JSON.stringify(next));
      form.setBase({ name: next.name, diets: next.diets, allergies: next.allergies });
      setUpdated(Boolean(saved));
      setSaved(next);
    },
    onFailure: (failure) => {
      if (failure.code === 'ANSWER_NOT_FOUND') {
        // The answer is gone (deleted, or another link's): this device answers anew.
        storage.remove(savedKey(token));
        setSaved(null);
      }
      // The token was spent on this attempt.
      bot.reset();
    },
  });
  const { allergies } = form.values;
  const nameOf = new Map(vocabulary.allergy.map((a) => [a.key, a.name]));

  const toggle = (keys: string[]) => form.set('allergies', keys.map((key) => allergies.find((a) => a.key === key) ?? { key, level: 'intolerance' }));
  const setLevel = (key: string, level: AllergyLevel) => form.set('allergies', allergies.map((a) => (a.key === key ? { ...a, level } : a)));

  return (
    <div className="mx-auto max-w-lg px-4 py-6">
      <h1 className="text-2xl font-bold">{t('passport.guest.title')}</h1>
      <p className="mt-2" data-testid="guest-invite-intro">
        {t('passport.guest.intro', { host: invite.host.firstname, chef: invite.chef.firstname, menu: invite.menu.name, when: formatEventTime(invite.starts_at, invite.timezone, locale) })}
      </p>
      <form {...form.props} className="mt-6 flex flex-col gap-5" data-testid="guest-answer-form">
        <TextField {...form.field('name')} label={t('passport.guest.name')} autoComplete="name" maxLength={GUEST_NAME_MAX} required />
        <ChipGroup {...form.field('diets')} legend={t('passport.guest.diets')} options={vocabulary.diet} errors={errorsUnder(form.errors, 'diets')} size="sm" />
        <ChipGroup
          name="allergies"
          legend={t('passport.guest.allergies')}
          hint={t('passport.guest.allergieshint')}
          options={vocabulary.allergy}
          value={allergies.map((a) => a.key)}
          onChange={toggle}
          errors={errorsUnder(form.errors, 'allergies')}
          size="sm"
        />
        {allergies.map((a) => (
          <fieldset key={a.key} className="rounded-xl border border-cream-300 p-3" data-testid={`allergy-level-${a.key}`}>
            <legend className="px-1 text-sm font-semibold">{t('passport.guest.howserious', { name: nameOf.get(a.key) ?? a.key })}</legend>
            <div className="flex flex-col gap-2">
              {ALLERGY_LEVELS.map((level) => (
                <label key={level} className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 ${a.level === level ? 'bg-cream-100' : ''}`}>
                  <input type="radio" name={`level-${a.key}`} value={level} checked={a.level === level} onChange={() => setLevel(a.key, level)} />
                  <span>
                    <span className={`font-medium ${level === 'severe' ? 'text-danger-700' : ''}`}>{t(LEVEL_TEXT[level][0])}</span>
                    <span className="block text-xs text-ink-600">{t(LEVEL_TEXT[level][1])}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {bot.enabled ? (
          <div role="group" aria-label={t('newsletter.botcheck')}>
            <div ref={bot.containerRef} className="min-h-[65px]" />
            <FieldErrorList name={TURNSTILE_FIELD} errors={form.errors[TURNSTILE_FIELD] ?? (bot.error ? [t('newsletter.botcheckfailed')] : undefined)} />
          </div>
        ) : null}
        <FormErrors errors={form.formErrors} testId="guest-form-error" />
        {form.sent && (
          <p role="status" className="rounded-xl bg-herb-50 px-4 py-3 text-sm text-herb-700" data-testid="guest-form-done">
            {t(updated ? 'passport.guest.updated' : 'passport.guest.sent')} {t('passport.guest.canedit')}
          </p>
        )}
        <Button type="submit" loading={form.busy} fullWidth>
          {t(saved ? 'passport.guest.update' : 'passport.guest.submit')}
        </Button>
        <p className="text-xs text-ink-600" data-testid="guest-privacy">
          {t('passport.guest.privacy', { chef: invite.chef.firstname, host: invite.host.firstname })}
        </p>
      </form>
    </div>
  );
}
