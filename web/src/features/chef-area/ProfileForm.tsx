// The chef's public profile: picture, bio (markdown with preview), cuisines, languages, years of experience and
// the location shown on the profile. Saves with PUT /v1/chefs/me (only the fields sent change); the picture is
// saved as soon as it is uploaded. Unsaved changes are guarded, and kept across the application's steps.
import { useState } from 'react';
import { BIO_MAX, BIO_MIN_FOR_ONBOARDING, chefProfileBody } from '#shared/schemas/chef-area.schema';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { failureOf, useSchemaForm } from '../../lib/schema-form';
import { fetchSession } from '../../state/session';
import { useSaveChefProfile, useVocabulary, type OwnProfile } from './chefApi';
import { ChipGroup, FormErrors, TextField } from '../../components/Field';
import { ImageUploader } from './ImageUploader';
import { LanguagePicker } from './LanguagePicker';
import { MarkdownField } from './MarkdownField';
import { FormMessage, LoadError, Loading } from './states';

/** Nothing typed is "not said"; anything else is a number for the schema to check (2.5 is not whole, "x" is NaN). */
const years = (typed: string) => (typed.trim() === '' ? null : Number(typed));

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
  const saveChefProfile = useSaveChefProfile();
  const form = useSchemaForm(chefProfileBody, saveChefProfile, {
    initial: () => ({
      profile_bio: chef.profile_bio,
      display_location: chef.display_location,
      languages: [...chef.languages],
      cuisines: chef.cuisines.data.map((c) => c.key),
      experience_years: chef.experience_years == null ? '' : String(chef.experience_years),
    }),
    name: 'profile',
    body: ({ display_location, experience_years, ...values }) => ({
      ...values,
      experience_years: years(experience_years),
      ...(showDisplayLocation ? { display_location } : {}),
    }),
    onSuccess: () => onSaved?.(),
  });
  // The picture is saved on its own as soon as it is uploaded; what came of that shows at the picture.
  const [avatar, setAvatar] = useState<{ saved: true } | { errors: string[] } | null>(null);
  const name = `${chef.firstname} ${chef.lastname}`.trim() || chef.uri;

  async function saveAvatar(imageId: number) {
    setAvatar(null);
    try {
      await saveChefProfile({ avatar_image_id: imageId });
      await fetchSession();
      setAvatar({ saved: true });
    } catch (err) {
      const f = failureOf(err);
      setAvatar({ errors: f.errors.avatar_image_id ?? [f.message] });
    }
  }

  return (
    <form {...form.props} className="flex flex-col gap-6" data-testid="profile-form">
      <div>
        <p className="field-label">{t('chefarea.profile.avatar')}</p>
        <ImageUploader
          kind="avatar"
          name="avatar_image_id"
          label={chef.avatar ? t('chefarea.profile.changeavatar') : t('chefarea.profile.chooseavatar')}
          hint={t('chefarea.profile.avatarhint')}
          currentUrl={chef.avatar?.data.url.t256x256}
          onUploaded={(image) => saveAvatar(image.id)}
          onStart={() => setAvatar(null)}
          errors={avatar && 'errors' in avatar ? avatar.errors : undefined}
          testId="avatar-uploader"
          preview={(url) => <Avatar name={name} src={url} size="xl" />}
        />
        {avatar && 'saved' in avatar ? (
          <p role="status" className="mt-2 text-sm font-semibold text-herb-700">
            {t('chefarea.profile.avatarsaved')}
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
        {...form.field('profile_bio')}
        label={t('chefarea.profile.bio')}
        hint={forApplication ? t('chefarea.profile.biohintapplication', { min: BIO_MIN_FOR_ONBOARDING }) : t('chefarea.profile.biohint')}
        min={forApplication ? BIO_MIN_FOR_ONBOARDING : undefined}
        max={BIO_MAX}
        rows={8}
      />
      {vocabulary.error ? <LoadError retry={vocabulary.retry} /> : null}
      {vocabulary.isLoading ? <Loading /> : null}
      {vocabulary.data ? (
        <ChipGroup errorIcon {...form.field('cuisines')} legend={t('chefarea.profile.cuisines')} hint={t('chefarea.profile.cuisineshint')} options={vocabulary.data.cuisine} max={10} />
      ) : null}
      <LanguagePicker value={form.values.languages} onChange={(value) => form.set('languages', value)} errors={form.errors.languages} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          errorIcon
          {...form.field('experience_years')}
          label={t('chefarea.profile.experience')}
          type="number"
          inputMode="numeric"
          min={0}
          max={70}
        />
        {showDisplayLocation ? (
          <TextField
            errorIcon
            {...form.field('display_location')}
            label={t('chefarea.profile.displaylocation')}
            hint={t('chefarea.profile.displaylocationhint')}
            maxLength={120}
          />
        ) : null}
      </div>
      <FormErrors errors={form.formErrors} />
      {form.sent ? <FormMessage tone="success">{t('chefarea.profile.saved')}</FormMessage> : null}
      <div>
        <Button type="submit" loading={form.busy}>
          {submitLabel ?? t('chefarea.common.save')}
        </Button>
      </div>
    </form>
  );
}
