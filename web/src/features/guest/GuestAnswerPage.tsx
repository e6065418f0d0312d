// The guest allergy passport's public page (route guest.answer, /guest/:token): a guest of a booking answers for
// themselves, without an account — name, diets, and each allergy marked as a preference, an intolerance or severe.
// The device keeps the answer and its edit key, so the same guest changes it from here until the dinner begins.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ChipGroup, FieldErrorList, TextField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { ApiError, type FieldErrors } from '../../lib/api';
import { client, unwrap, type Answer } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { usePageHead } from '../../lib/head';
import { tk, useLocale, useT } from '../../lib/i18n';
import type { PageProps } from '../../lib/routes';
import { storage } from '../../lib/storage';
import { useApi } from '../../lib/swr';
import { useTurnstile } from '../../lib/turnstile';
import { useSession } from '../../state/session';

export const TURNSTILE_FIELD = 'cf-turnstile-response';
export const LEVELS = ['preference', 'intolerance', 'severe'] as const;
type Level = (typeof LEVELS)[number];
type Allergy = { key: string; level: Level };
const LEVEL_TEXT = {
  preference: [tk('passport.levels.preference'), tk('passport.levelhints.preference')],
  intolerance: [tk('passport.levels.intolerance'), tk('passport.levelhints.intolerance')],
  severe: [tk('passport.levels.severe'), tk('passport.levelhints.severe')],
} satisfies Record<Level, [string, string]>;
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
  const [name, setName] = useState(saved?.name ?? '');
  const [diets, setDiets] = useState<string[]>(saved?.diets ?? []);
  const [allergies, setAllergies] = useState<Allergy[]>(saved?.allergies ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = new Map(vocabulary.allergy.map((a) => [a.key, a.name]));

  const toggle = (keys: string[]) => {
    setAllergies((prev) => keys.map((key) => prev.find((a) => a.key === key) ?? { key, level: 'intolerance' }));
  };
  const setLevel = (key: string, level: Level) => setAllergies((prev) => prev.map((a) => (a.key === key ? { ...a, level } : a)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    setDone(null);
    const body = { name: name.trim(), diets, allergies, [TURNSTILE_FIELD]: bot.token };
    try {
      const answers = inviteCall.answers;
      const editKey = saved
        ? (await unwrap(answers.$put({ param: { token }, json: { ...body, edit_key: saved.edit_key } })), saved.edit_key)
        : (await unwrap(answers.$post({ param: { token }, json: body }))).data.edit_key;
      const next: SavedAnswer = { edit_key: editKey, name: body.name, diets, allergies };
      storage.set(savedKey(token), JSON.stringify(next));
      setSaved(next);
      setDone(t(saved ? 'passport.guest.updated' : 'passport.guest.sent'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ANSWER_NOT_FOUND') {
        // The answer is gone (deleted, or another link's): this device answers anew.
        storage.remove(savedKey(token));
        setSaved(null);
      }
      if (err instanceof ApiError) {
        setErrors(err.errors);
        if (!Object.keys(err.errors).length || err.errors.body) setFormError(err.message);
      } else setFormError(t('booking.errors.generic'));
      bot.reset();
    } finally {
      setBusy(false);
    }
  };

  const allergyErrors = Object.entries(errors)
    .filter(([field]) => field === 'allergies' || field.startsWith('allergies.'))
    .flatMap(([, list]) => list);
  const dietErrors = Object.entries(errors)
    .filter(([field]) => field === 'diets' || field.startsWith('diets.'))
    .flatMap(([, list]) => list);

  return (
    <div className="mx-auto max-w-lg px-4 py-6">
      <h1 className="text-2xl font-bold">{t('passport.guest.title')}</h1>
      <p className="mt-2" data-testid="guest-invite-intro">
        {t('passport.guest.intro', { host: invite.host.firstname, chef: invite.chef.firstname, menu: invite.menu.name, when: formatEventTime(invite.starts_at, invite.timezone, locale) })}
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5" data-testid="guest-answer-form">
        <TextField name="name" label={t('passport.guest.name')} value={name} onChange={setName} errors={errors.name} autoComplete="name" maxLength={80} required />
        <ChipGroup name="diets" legend={t('passport.guest.diets')} options={vocabulary.diet} value={diets} onChange={setDiets} errors={dietErrors.length ? dietErrors : undefined} size="sm" />
        <ChipGroup
          name="allergies"
          legend={t('passport.guest.allergies')}
          hint={t('passport.guest.allergieshint')}
          options={vocabulary.allergy}
          value={allergies.map((a) => a.key)}
          onChange={toggle}
          errors={allergyErrors.length ? allergyErrors : undefined}
          size="sm"
        />
        {allergies.map((a) => (
          <fieldset key={a.key} className="rounded-xl border border-cream-300 p-3" data-testid={`allergy-level-${a.key}`}>
            <legend className="px-1 text-sm font-semibold">{t('passport.guest.howserious', { name: nameOf.get(a.key) ?? a.key })}</legend>
            <div className="flex flex-col gap-2">
              {LEVELS.map((level) => (
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
            <FieldErrorList name={TURNSTILE_FIELD} errors={errors[TURNSTILE_FIELD] ?? (bot.error ? [t('newsletter.botcheckfailed')] : undefined)} />
          </div>
        ) : null}
        {formError && (
          <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700" data-testid="guest-form-error">
            {formError}
          </p>
        )}
        {done && (
          <p role="status" className="rounded-xl bg-herb-50 px-4 py-3 text-sm text-herb-700" data-testid="guest-form-done">
            {done} {t('passport.guest.canedit')}
          </p>
        )}
        <Button type="submit" loading={busy} fullWidth>
          {t(saved ? 'passport.guest.update' : 'passport.guest.submit')}
        </Button>
        <p className="text-xs text-ink-600" data-testid="guest-privacy">
          {t('passport.guest.privacy', { chef: invite.chef.firstname, host: invite.host.firstname })}
        </p>
      </form>
    </div>
  );
}
