// Step 3: first and last name (PUT /v1/users/me) and the mobile number, verified with the SMS code
// (components/PhoneVerification.tsx).
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { issuesToErrors } from '#shared/field-errors';
import { profileBody } from '#shared/schemas/auth.schema';
import { Button } from '../../../components/Button';
import { PhoneVerification } from '../../../components/PhoneVerification';
import { client, unwrap } from '../../../lib/client';
import { useFormDraft } from '../../../lib/form-draft';
import { useT } from '../../../lib/i18n';
import { fetchSession } from '../../../state/session';
import { CHEF_PATHS, useRefresh, type OwnProfile } from '../../chef-area/chefApi';
import { failureOf, type FieldErrors } from '../../chef-area/errors';
import { TextField } from '../../../components/Field';
import { Section } from '../../chef-area/Section';
import { FormMessage } from '../../chef-area/states';
import { useBusy } from '../../../lib/use-busy';

function NamesForm({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const refresh = useRefresh();
  const form = useFormDraft({ firstname: chef.firstname, lastname: chef.lastname }, { name: 'names' });
  const { firstname, lastname } = form.values;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, run] = useBusy();

  async function save() {
    setMessage(null);
    const checked = v.safeParse(profileBody, { firstname, lastname });
    if (!checked.success) {
      setErrors(issuesToErrors(checked.issues));
      return;
    }
    setErrors({});
    try {
      const sent = form.values;
      await unwrap(client.users.me.$put({ json: checked.output }));
      form.saved(sent);
      await Promise.all([refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding), fetchSession()]);
      setMessage({ tone: 'success', text: t('onboarding.personal.namessaved') });
    } catch (err) {
      const f = failureOf(err, t('chefarea.common.networkerror'));
      setErrors(f.fields);
      if (!f.fields.firstname && !f.fields.lastname) setMessage({ tone: 'error', text: f.message });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void run(save);
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField errorIcon name="firstname" label={t('onboarding.personal.firstname')} autoComplete="given-name" value={firstname} onChange={(value) => form.set('firstname', value)} errors={errors.firstname} />
      <TextField errorIcon name="lastname" label={t('onboarding.personal.lastname')} autoComplete="family-name" value={lastname} onChange={(value) => form.set('lastname', value)} errors={errors.lastname} />
      {message ? (
        <div className="sm:col-span-2">
          <FormMessage tone={message.tone}>{message.text}</FormMessage>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy}>
          {t('onboarding.personal.savenames')}
        </Button>
      </div>
    </form>
  );
}

export function PersonalStep({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const refresh = useRefresh();
  return (
    <div className="flex flex-col gap-6">
      <Section title={t('onboarding.personal.names')}>
        <NamesForm chef={chef} />
      </Section>
      <Section title={t('onboarding.personal.phonetitle')} description={t('onboarding.personal.phonetext')} testId="phone-section">
        <PhoneVerification
          phone={chef.phone}
          verified={chef.phone_verified}
          defaultCountry={chef.home_region?.data.country_code}
          onVerified={() => refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding)}
        />
      </Section>
    </div>
  );
}
