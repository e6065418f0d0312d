// Step 3: first and last name (PUT /v1/users/me) and the mobile number, verified with the SMS code
// (POST /v1/auth/send-verify/mobile, then /v1/auth/confirm/mobile).
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { confirmMobileBody, profileBody, sendMobileBody } from '#shared/schemas/auth.schema';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { client, unwrap } from '../../../lib/client';
import { useFormDraft } from '../../../lib/form-draft';
import { htmlLang, useLocale, useT } from '../../../lib/i18n';
import { fetchSession } from '../../../state/session';
import { CHEF_PATHS, useRefresh, type OwnProfile } from '../../chef-area/chefApi';
import { failureOf, type FieldErrors } from '../../chef-area/errors';
import { SelectField, TextField } from '../../../components/Field';
import { Section } from '../../chef-area/Section';
import { FormMessage } from '../../chef-area/states';
import { useBusy } from '../../chef-area/useBusy';
import { isPhoneCountry, phoneCountryOptions, type PhoneCountry } from '../../../lib/phone-countries';
import { usePendingPhoneCode } from '../../../lib/pending-phone';

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
      const local: FieldErrors = {};
      for (const issue of checked.issues) {
        const key = String((issue.path?.[0] as { key?: unknown } | undefined)?.key ?? '');
        if (key === 'firstname') local.firstname = [t('onboarding.personal.errors.firstname')];
        if (key === 'lastname') local.lastname = [t('onboarding.personal.errors.lastname')];
      }
      setErrors(local);
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

function PhoneForm({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const refresh = useRefresh();
  const locale = useLocale();
  const home = chef.home_region?.data.country_code;
  const [country, setCountry] = useState<PhoneCountry>(home && isPhoneCountry(home) ? home : 'CH');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changing, setChanging] = useState(!chef.phone_verified);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [busy, run] = useBusy();
  // After a reload during verification, the code that was sent is still waiting: open at the code field again.
  usePendingPhoneCode((pending) => {
    if (sentTo !== null || phone !== '') return;
    setPhone(pending.phone);
    if (isPhoneCountry(pending.country)) setCountry(pending.country);
    setSentTo(pending.phone);
    setChanging(true);
    setMessage({ tone: 'info', text: t('onboarding.personal.codesent', { phone: pending.phone }) });
  });

  async function send() {
    setMessage(null);
    const checked = v.safeParse(sendMobileBody, { phone, country });
    if (!checked.success) {
      setErrors({ phone: [t('onboarding.personal.errors.phone')] });
      return;
    }
    setErrors({});
    try {
      const res = await unwrap(client.auth['send-verify'].mobile.$post({ json: checked.output }));
      setSentTo(res.phone);
      setCode('');
      setMessage({ tone: 'info', text: t('onboarding.personal.codesent', { phone: res.phone }) });
    } catch (err) {
      const f = failureOf(err, t('chefarea.common.networkerror'));
      setErrors(f.fields);
      if (!f.fields.phone && !f.fields.country) setMessage({ tone: 'error', text: f.message });
    }
  }

  async function confirm() {
    setMessage(null);
    const checked = v.safeParse(confirmMobileBody, { code });
    if (!checked.success) {
      setErrors({ code: [t('onboarding.personal.errors.code')] });
      return;
    }
    setErrors({});
    try {
      await unwrap(client.auth.confirm.mobile.$post({ json: checked.output }));
      await refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding);
      setSentTo(null);
      setChanging(false);
      setMessage({ tone: 'success', text: t('onboarding.personal.verified') });
    } catch (err) {
      const f = failureOf(err, t('chefarea.common.networkerror'));
      setErrors(f.fields.code ? f.fields : { code: [f.message] });
    }
  }

  if (!changing && chef.phone_verified && chef.phone) {
    return (
      <div className="flex flex-col gap-3">
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
        <p className="flex flex-wrap items-center gap-2 text-ink-900" data-testid="phone-verified">
          <Icon name="check" className="h-5 w-5 text-herb-600" />
          <span className="font-semibold">{chef.phone}</span>
          <span className="text-sm text-herb-700">{t('onboarding.personal.isverified')}</span>
        </p>
        <div>
          <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
            {t('onboarding.personal.changephone')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {!sentTo ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run(send);
          }}
          className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]"
        >
          <SelectField
            errorIcon
            name="country"
            label={t('onboarding.personal.country')}
            value={country}
            onChange={(c) => setCountry(c as PhoneCountry)}
            errors={errors.country}
            options={phoneCountryOptions(htmlLang(locale))}
          />
          <TextField errorIcon name="phone" type="tel" label={t('onboarding.personal.phone')} autoComplete="tel-national" value={phone} onChange={setPhone} errors={errors.phone} hint={t('onboarding.personal.phonehint')} />
          <div className="sm:col-span-2">
            <Button type="submit" loading={busy}>
              {t('onboarding.personal.sendcode')}
            </Button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run(confirm);
          }}
          className="flex flex-col gap-4"
        >
          <TextField
            errorIcon
            name="code"
            label={t('onboarding.personal.code')}
            value={code}
            onChange={(c) => setCode(c.replace(/\D/g, '').slice(0, 6))}
            errors={errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="max-w-xs"
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={busy}>
              {t('onboarding.personal.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => run(send)}>
              {t('onboarding.personal.resend')}
            </Button>
            <Button variant="ghost" onClick={() => (setSentTo(null), setMessage(null))}>
              {t('onboarding.personal.othernumber')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

export function PersonalStep({ chef }: { chef: OwnProfile }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <Section title={t('onboarding.personal.names')}>
        <NamesForm chef={chef} />
      </Section>
      <Section title={t('onboarding.personal.phonetitle')} description={t('onboarding.personal.phonetext')} testId="phone-section">
        <PhoneForm chef={chef} />
      </Section>
    </div>
  );
}
