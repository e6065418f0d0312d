// Complete-your-profile dialog (seed §2, §4, §5, §8): requested 500 ms after a fetch finds a blank first or last
// name. Both names are required; save stays disabled until both are non-empty after trimming, and saves them trimmed.
import { profileBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { fetchSession, useSession } from '../../state/session';
import { TextField } from '../../components/Field';

export const canSaveProfile = (firstname: string, lastname: string) => firstname.trim() !== '' && lastname.trim() !== '';

export default function CompleteProfileDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { user } = useSession();
  const form = useSchemaForm(profileBody, (body) => unwrap(client.users.me.$put({ json: body })), {
    initial: { firstname: user?.firstname ?? '', lastname: user?.lastname ?? '' },
    guard: false,
    onSuccess: async () => {
      onClose();
      await fetchSession();
    },
    // Seed §8: errors per field, otherwise only logged.
    onFailure: (failure) => {
      if (!Object.keys(failure.errors).length) console.error('Could not save the profile', failure);
    },
  });
  const canSave = canSaveProfile(form.values.firstname, form.values.lastname);

  return (
    <Modal open onClose={onClose} title={t('auth.profile.title')} description={t('auth.profile.text')} size="sm">
      <form {...form.props} onSubmit={(event) => (canSave ? form.props.onSubmit(event) : event.preventDefault())} className="flex flex-col gap-4" data-testid="profile-form">
        <TextField {...form.field('firstname')} label={t('auth.fields.firstname')} autoComplete="given-name" required />
        <TextField {...form.field('lastname')} label={t('auth.fields.lastname')} autoComplete="family-name" required />
        <Button type="submit" fullWidth disabled={!canSave} loading={form.busy}>
          {t('auth.profile.save')}
        </Button>
      </form>
    </Modal>
  );
}
