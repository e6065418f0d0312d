// The chef's public profile: picture, bio (markdown with preview), cuisines, languages, years of experience and
// the location shown on the profile. Saves with PUT /v1/chefs/me (only the fields sent change); the picture is
// saved as soon as it is uploaded. Unsaved changes are guarded, and kept across the application's steps.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { BIO_MAX, BIO_MIN_FOR_ONBOARDING, chefProfileBody } from '#shared/schemas/chef-area.schema';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useFormDraft } from '../../lib/form-draft';
import { useT } from '../../lib/i18n';
import { fetchSession } from '../../state/session';
import { useSaveChefProfile, useVocabulary, type OwnProfile } from './chefApi';
import { failureOf, issuesToFieldErrors, unplacedErrors, type FieldErrors } from './errors';
import { ChipGroup, TextField } from '../../components/Field';
import { ImageUploader } from './ImageUploader';
import { LanguagePicker } from './LanguagePicker';
import { MarkdownField } from './MarkdownField';
import { FormMessage, LoadError, Loading } from './states';
import { useBusy } from '../../lib/use-busy';

const FIELDS = ['profile_bio', 'display_location', 'languages', 'experience_years', 'cuisines', 'avatar_image_id'];

export function ProfileForm({
  chef,
  onSaved,
  submitLabel,
  showDisplayLocation = true,
  forApplication = false,
}: {
  chef: OwnProfile;
  onSaved?: () => void;
  submitLabel?: string;
  showDisplayLocation?: boolean;
  /** In the application the bio needs a minimum length; say so up front. */
  forApplication?: boolean;
}) {
  const t = useT();
  const vocabulary = useVocabulary();
  const form = useFormDraft(
    () => ({
      bio: chef.profile_bio,
      displayLocation: chef.display_location,
      languages: [...chef.languages],
      cuisines: chef.cuisines.data.map((c) => c.key),
      experience: chef.experience_years == null ? '' : String(chef.experience_years),
    }),
    { name: 'profile' },
  );
  const { bio, displayLocation, languages, cuisines, experience } = form.values;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [avatarMessage, setAvatarMessage] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const saveChefProfile = useSaveChefProfile();
  const name = `${chef.firstname} ${chef.lastname}`.trim() || chef.uri;

  async function saveAvatar(imageId: number) {
    setAvatarMessage(null);
    try {
      await saveChefProfile({ avatar_image_id: imageId });
      await fetchSession();
      setAvatarMessage(t('chefarea.profile.avatarsaved'));
    } catch (err) {
      const f = failureOf(err, t('chefarea.common.networkerror'));
      setErrors((e) => ({ ...e, avatar_image_id: f.fields.avatar_image_id ?? [f.message] }));
    }
  }

  async function save() {
    setMessage(null);
    const body: Record<string, unknown> = {
      profile_bio: bio,
      languages,
      cuisines,
      experience_years: experience.trim() === '' ? null : /^\d+$/.test(experience.trim()) ? Number(experience) : Number.NaN,
    };
    if (showDisplayLocation) body.display_location = displayLocation;
    const check = v.safeParse(chefProfileBody, body);
    const local = check.success ? {} : issuesToFieldErrors(check.issues);
    if (local.experience_years) local.experience_years = [t('chefarea.profile.errors.experience')];
    if (local.cuisines) local.cuisines = [t('chefarea.profile.errors.cuisines')];
    setErrors(local);
    if (Object.keys(local).length) return;
    const sent = form.values;
    try {
      await saveChefProfile(body);
      form.saved(sent);
      setMessage({ tone: 'success', text: t('chefarea.profile.saved') });
      onSaved?.();
    } catch (err) {
      const f = failureOf(err, t('chefarea.common.networkerror'));
      setErrors(f.fields);
      setMessage({ tone: 'error', text: [f.message, ...unplacedErrors(f.fields, (k) => FIELDS.includes(k))].join(' ') });
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(save);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" data-testid="profile-form">
      <div>
        <p className="field-label">{t('chefarea.profile.avatar')}</p>
        <ImageUploader
          kind="avatar"
          label={chef.avatar ? t('chefarea.profile.changeavatar') : t('chefarea.profile.chooseavatar')}
          hint={t('chefarea.profile.avatarhint')}
          currentUrl={chef.avatar?.data.url.t256x256}
          onUploaded={(image) => saveAvatar(image.id)}
          errors={errors.avatar_image_id}
          testId="avatar-uploader"
          preview={(url) => <Avatar name={name} src={url} size="xl" />}
        />
        {avatarMessage ? (
          <p role="status" className="mt-2 text-sm font-semibold text-herb-700">
            {avatarMessage}
          </p>
        ) : null}
        {chef.avatar && chef.avatar_status === 'pending' ? (
          <p className="mt-2 flex items-start gap-2 text-sm text-ink-700" data-testid="avatar-pending">
            <Icon name="info" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            {t('chefarea.profile.avatarpending')}
          </p>
        ) : null}
      </div>
      <MarkdownField
        name="profile_bio"
        label={t('chefarea.profile.bio')}
        hint={forApplication ? t('chefarea.profile.biohintapplication', { min: BIO_MIN_FOR_ONBOARDING }) : t('chefarea.profile.biohint')}
        value={bio}
        onChange={(value) => form.set('bio', value)}
        errors={errors.profile_bio}
        min={forApplication ? BIO_MIN_FOR_ONBOARDING : undefined}
        max={BIO_MAX}
        rows={8}
      />
      {vocabulary.error ? <LoadError retry={vocabulary.retry} /> : null}
      {vocabulary.isLoading ? <Loading /> : null}
      {vocabulary.data ? (
        <ChipGroup errorIcon name="cuisines" legend={t('chefarea.profile.cuisines')} hint={t('chefarea.profile.cuisineshint')} options={vocabulary.data.cuisine} value={cuisines} onChange={(value) => form.set('cuisines', value)} errors={errors.cuisines} max={10} />
      ) : null}
      <LanguagePicker value={languages} onChange={(value) => form.set('languages', value)} errors={errors.languages} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          errorIcon
          name="experience_years"
          label={t('chefarea.profile.experience')}
          value={experience}
          onChange={(value) => form.set('experience', value)}
          errors={errors.experience_years}
          type="number"
          inputMode="numeric"
          min={0}
          max={70}
        />
        {showDisplayLocation ? (
          <TextField
            errorIcon
            name="display_location"
            label={t('chefarea.profile.displaylocation')}
            hint={t('chefarea.profile.displaylocationhint')}
            value={displayLocation}
            onChange={(value) => form.set('displayLocation', value)}
            errors={errors.display_location}
            maxLength={120}
          />
        ) : null}
      </div>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      <div>
        <Button type="submit" loading={busy}>
          {submitLabel ?? t('chefarea.common.save')}
        </Button>
      </div>
    </form>
  );
}
