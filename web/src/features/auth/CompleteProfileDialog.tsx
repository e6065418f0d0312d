// Complete-your-profile dialog (seed §2, §4, §5, §8): requested 500 ms after a fetch finds a blank first or last
// name. Both names are required; save stays disabled until both are non-empty after trimming, and saves them trimmed.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { fetchSession, useSession } from '../../state/session';
import { TextField } from '../../components/Field';
import { fieldErrorsOf, type FieldErrors } from './form';

export const canSaveProfile = (firstname: string, lastname: string) => firstname.trim() !== '' && lastname.trim() !== '';

export default function CompleteProfileDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { user } = useSession();
  const [firstname, setFirstname] = useState(user?.firstname ?? '');
  const [lastname, setLastname] = useState(user?.lastname ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const canSave = canSaveProfile(firstname, lastname);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || busy) return;
    setBusy(true);
    setErrors({});
    try {
      await unwrap(client.users.me.$put({ json: { firstname: firstname.trim(), lastname: lastname.trim() } }));
    } catch (err) {
      setBusy(false);
      const fields = fieldErrorsOf(err);
      // Seed §8: errors per field, otherwise only logged.
      if (Object.keys(fields).length) setErrors(fields);
      else console.error('Could not save the profile', err);
      return;
    }
    onClose();
    await fetchSession();
  };

  return (
    <Modal open onClose={onClose} title={t('auth.profile.title')} description={t('auth.profile.text')} size="sm">
      <form noValidate onSubmit={save} className="flex flex-col gap-4" data-testid="profile-form">
        <TextField name="firstname" label={t('auth.fields.firstname')} autoComplete="given-name" required value={firstname} onChange={setFirstname} errors={errors.firstname} />
        <TextField name="lastname" label={t('auth.fields.lastname')} autoComplete="family-name" required value={lastname} onChange={setLastname} errors={errors.lastname} />
        <Button type="submit" fullWidth disabled={!canSave} loading={busy}>
          {t('auth.profile.save')}
        </Button>
      </form>
    </Modal>
  );
}
