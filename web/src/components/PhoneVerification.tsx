// The mobile number, verified by an SMS code (POST /v1/auth/send-verify/mobile, then /v1/auth/confirm/mobile): one
// flow for the account's personal details and the chef application's personal step. After a reload during
// verification it opens at the code field again, for as long as the code works (lib/pending-phone.ts).
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { confirmMobileBody, sendMobileBody } from '#shared/schemas/auth.schema';
import { issuesToErrors } from '#shared/field-errors';
import { ApiError, type FieldErrors } from '../lib/api';
import { client, unwrap } from '../lib/client';
import { htmlLang, useLocale, useT } from '../lib/i18n';
import { usePendingPhoneCode } from '../lib/pending-phone';
import { isPhoneCountry, phoneCountryOptions, type PhoneCountry } from '../lib/phone-countries';
import { useBusy } from '../lib/use-busy';
import { Button } from './Button';
import { SelectField, TextField } from './Field';
import { VerifiedBadge } from './VerifiedBadge';

export type PhoneVerificationProps = {
  /** The account's number and whether it is verified. */
  phone: string | null | undefined;
  verified: boolean;
  /** The country the form starts with, e.g. the chef's home region's. */
  defaultCountry?: string | null | undefined;
  /** Reloads whatever shows the number once it is verified (the session, the chef's profile and steps). */
  onVerified: () => Promise<unknown>;
};

/**
 * A failed call as errors on the step's own fields, or else as one message on the field the step is about, so
 * every failure shows next to what caused it. `texts` are the client's own words for a lost connection and for
 * the codes it knows (an SMS the provider did not take), in the visitor's language.
 */
function failureErrors(err: unknown, fields: readonly string[], field: string, texts: { network: string; byCode: Record<string, string> }): FieldErrors {
  if (!(err instanceof ApiError) || err.status === 0) return { [field]: [texts.network] };
  const known = texts.byCode[err.code];
  if (known) return { [field]: [known] };
  const placed = Object.entries(err.errors).filter(([key]) => fields.includes(key));
  if (placed.length) return Object.fromEntries(placed);
  return { [field]: [Object.values(err.errors).flat()[0] ?? err.message] };
}

export function PhoneVerification({ phone: current, verified: isVerified, defaultCountry, onVerified }: PhoneVerificationProps) {
  const t = useT();
  // SMS_NOT_SENT (502): the provider did not take the message; the number itself was fine.
  const texts = { network: t('common.networkerror'), byCode: { SMS_NOT_SENT: t('phoneverify.smsnotsent') } };
  const locale = useLocale();
  const verified = Boolean(current && isVerified);
  const [editing, setEditing] = useState(!verified);
  const [country, setCountry] = useState<PhoneCountry>(isPhoneCountry(defaultCountry) ? defaultCountry : 'CH');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  // The number the code went to; set means the form is at the code step.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  usePendingPhoneCode((pending) => {
    if (sentTo !== null || phone !== '') return;
    setPhone(pending.phone);
    if (isPhoneCountry(pending.country)) setCountry(pending.country);
    setSentTo(pending.phone);
    setEditing(true);
  });

  async function send() {
    setDone(false);
    const checked = v.safeParse(sendMobileBody, { phone, country });
    if (!checked.success) {
      setErrors(issuesToErrors(checked.issues));
      return;
    }
    setErrors({});
    try {
      const res = await unwrap(client.auth['send-verify'].mobile.$post({ json: checked.output }));
      setSentTo(res.phone);
      setCode('');
    } catch (err) {
      // Sending again from the code step shows its failure at the code field, the one on screen.
      setErrors(sentTo === null ? failureErrors(err, ['phone', 'country'], 'phone', texts) : failureErrors(err, [], 'code', texts));
    }
  }

  async function confirm() {
    const checked = v.safeParse(confirmMobileBody, { code });
    if (!checked.success) {
      setErrors(issuesToErrors(checked.issues));
      return;
    }
    setErrors({});
    try {
      await unwrap(client.auth.confirm.mobile.$post({ json: checked.output }));
    } catch (err) {
      setErrors(failureErrors(err, ['code'], 'code', texts));
      return;
    }
    setSentTo(null);
    setPhone('');
    setEditing(false);
    setDone(true);
    await onVerified();
  }

  const submit = (work: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void run(work);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3" data-testid={verified ? 'phone-verified' : undefined}>
        {current ? (
          <>
            <span className="font-semibold text-ink-900" data-testid="account-phone">
              {current}
            </span>
            <VerifiedBadge verified={verified} label={verified ? t('phoneverify.isverified') : t('phoneverify.notverified')} />
          </>
        ) : (
          <span className="text-ink-700">{t('phoneverify.none')}</span>
        )}
        {verified && !editing ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setDone(false);
              setEditing(true);
            }}
          >
            {t('phoneverify.change')}
          </Button>
        ) : null}
      </div>
      {done ? (
        <p role="status" className="font-semibold text-herb-700">
          {t('phoneverify.verified')}
        </p>
      ) : null}
      {editing && sentTo === null ? (
        <form noValidate onSubmit={submit(send)} className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <SelectField
            errorIcon
            name="country"
            label={t('phoneverify.country')}
            value={country}
            onChange={(value) => setCountry(value as PhoneCountry)}
            errors={errors.country}
            options={phoneCountryOptions(htmlLang(locale))}
          />
          <TextField errorIcon name="phone" type="tel" label={t('phoneverify.number')} autoComplete="tel-national" value={phone} onChange={setPhone} errors={errors.phone} hint={t('phoneverify.hint')} />
          <div className="sm:col-span-2">
            <Button type="submit" loading={busy}>
              {t('phoneverify.sendcode')}
            </Button>
          </div>
        </form>
      ) : null}
      {editing && sentTo !== null ? (
        <form noValidate onSubmit={submit(confirm)} className="flex flex-col gap-4">
          <p role="status" className="text-ink-800">
            {t('phoneverify.codesent', { phone: sentTo })}
          </p>
          <TextField
            errorIcon
            name="code"
            label={t('phoneverify.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
            errors={errors.code}
            className="max-w-xs"
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={busy}>
              {t('phoneverify.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => run(send)}>
              {t('phoneverify.resend')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setErrors({});
                setSentTo(null);
              }}
            >
              {t('phoneverify.other')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
