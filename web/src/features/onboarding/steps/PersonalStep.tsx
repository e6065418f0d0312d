// Step 3: first and last name (PUT /v1/users/me) and the mobile number, verified with the SMS code
// (components/PhoneVerification.tsx).
import { profileBody } from '#shared/schemas/auth.schema';
import { Button } from '../../../components/Button';
import { PhoneVerification } from '../../../components/PhoneVerification';
import { client, unwrap } from '../../../lib/client';
import { useT } from '../../../lib/i18n';
import { fetchSession } from '../../../state/session';
import { CHEF_PATHS, useRefresh, type OwnProfile } from '../../chef-area/chefApi';
import { TextField } from '../../../components/Field';
import { Section } from '../../chef-area/Section';
import { FormMessage } from '../../chef-area/states';
import { useSchemaForm } from '../../../lib/schema-form';

function NamesForm({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const refresh = useRefresh();
  const form = useSchemaForm(profileBody, (body) => unwrap(client.users.me.$put({ json: body })), {
    initial: { firstname: chef.firstname, lastname: chef.lastname },
    name: 'names',
    onSuccess: () => Promise.all([refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding), fetchSession()]),
  });

  return (
    <form {...form.props} className="grid gap-4 sm:grid-cols-2">
      <TextField errorIcon {...form.field('firstname')} label={t('onboarding.personal.firstname')} autoComplete="given-name" />
      <TextField errorIcon {...form.field('lastname')} label={t('onboarding.personal.lastname')} autoComplete="family-name" />
      {form.formErrors.length || form.sent ? (
        <div className="sm:col-span-2">
          {form.sent ? <FormMessage tone="success">{t('onboarding.personal.namessaved')}</FormMessage> : (
            <FormMessage tone="error">
              {form.formErrors.map((message, i) => (
                <p key={i}>{message}</p>
              ))}
            </FormMessage>
          )}
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" loading={form.busy}>
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
