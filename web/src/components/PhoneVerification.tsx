// The mobile number, verified by an SMS code (POST /v1/auth/send-verify/mobile, then /v1/auth/confirm/mobile): one
// flow for the account's personal details and the chef application's personal step. After a reload during
// verification it opens at the code field again, for as long as the code works (lib/pending-phone.ts).
import { useState } from 'react';
import { confirmMobileBody, sendMobileBody } from '#shared/schemas/auth.schema';
import { client, unwrap } from '../lib/client';
import { htmlLang, useLocale, useT } from '../lib/i18n';
import { usePendingPhoneCode } from '../lib/pending-phone';
import { isPhoneCountry, phoneCountryOptions, type PhoneCountry } from '../lib/phone-countries';
import { useSchemaForm, type Failure } from '../lib/schema-form';
import { Button } from './Button';
import { FormErrors, SelectField, TextField } from './Field';
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

/** What the phone calls refuse with, by code, in the visitor's language (the server answers in English). */
const PHONE_CODES: Partial<Record<string, string>> = {
  // 502: the provider did not take the message; the number itself was fine.
  SMS_NOT_SENT: 'phoneverify.smsnotsent',
  WRONG_CODE: 'phoneverify.errors.wrongcode',
  CODE_ATTEMPTS_USED: 'phoneverify.errors.codesused',
  RATE_LIMITED: 'auth.errors.toomany',
  UNAUTHENTICATED: 'phoneverify.errors.signedout',
};

export function PhoneVerification({ phone: current, verified: isVerified, defaultCountry, onVerified }: PhoneVerificationProps) {
  const t = useT();
  const locale = useLocale();
  const verified = Boolean(current && isVerified);
  const [editing, setEditing] = useState(!verified);
  // The number the code went to; set means the form is at the code step.
  const [sentTo, setSentTo] = useState<string | null>(null);
  /**
   * A failure shows next to what the step is about: the server's field errors at their fields, anything else at
   * `field` as the code's text (or no connection), and a code this screen does not know as a general failure.
   */
  const atField = (field: string) => (failure: Failure) =>
    Object.keys(failure.errors).length ? undefined : { [field]: [failure.status === 0 || PHONE_CODES[failure.code] ? failure.message : t('phoneverify.errors.generic')] };

  // Only what a person types counts as work: a pending code survives a reload anyway (lib/pending-phone.ts).
  const number = useSchemaForm(sendMobileBody, (body) => unwrap(client.auth['send-verify'].mobile.$post({ json: body })), {
    initial: { country: (isPhoneCountry(defaultCountry) ? defaultCountry : 'CH') as PhoneCountry, phone: '' },
    guard: false,
    codes: PHONE_CODES,
    onSuccess: (res) => {
      setSentTo(res.phone);
      code.reset();
    },
    onFailure: atField('phone'),
  });
  const code = useSchemaForm(confirmMobileBody, (body) => unwrap(client.auth.confirm.mobile.$post({ json: body })), {
    initial: { code: '' },
    guard: false,
    clear: true,
    codes: PHONE_CODES,
    onSuccess: async () => {
      setSentTo(null);
      number.setBase({ phone: '' });
      setEditing(false);
      await onVerified();
    },
    onFailure: atField('code'),
  });
  // A new code asked for at the code step: the number form is not on screen, so its failure shows at the code.
  const resendErrors = number.formErrors.length ? number.formErrors : undefined;

  usePendingPhoneCode((pending) => {
    if (sentTo !== null || number.values.phone !== '') return;
    number.setBase({ phone: pending.phone, ...(isPhoneCountry(pending.country) ? { country: pending.country } : {}) });
    setSentTo(pending.phone);
    setEditing(true);
  });

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
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {t('phoneverify.change')}
          </Button>
        ) : null}
      </div>
      {code.sent && !editing ? (
        <p role="status" className="font-semibold text-herb-700">
          {t('phoneverify.verified')}
        </p>
      ) : null}
      {editing && sentTo === null ? (
        <form {...number.props} className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <SelectField {...number.field('country')} errorIcon label={t('phoneverify.country')} onChange={(value) => number.set('country', value as PhoneCountry)} options={phoneCountryOptions(htmlLang(locale))} />
          <TextField {...number.field('phone')} errorIcon type="tel" label={t('phoneverify.number')} autoComplete="tel-national" hint={t('phoneverify.hint')} />
          <FormErrors errors={number.formErrors} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <Button type="submit" loading={number.busy}>
              {t('phoneverify.sendcode')}
            </Button>
          </div>
        </form>
      ) : null}
      {editing && sentTo !== null ? (
        <form
          {...code.props}
          onSubmit={(event) => {
            number.setErrors({});
            code.props.onSubmit(event);
          }}
          className="flex flex-col gap-4"
        >
          <p role="status" className="text-ink-800">
            {t('phoneverify.codesent', { phone: sentTo })}
          </p>
          <TextField
            {...code.field('code')}
            errorIcon
            label={t('phoneverify.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            onChange={(value) => code.set('code', value.replace(/\D/g, '').slice(0, 6))}
            errors={code.errors.code ?? resendErrors}
            className="max-w-xs"
          />
          <FormErrors errors={code.formErrors} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={code.busy}>
              {t('phoneverify.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => number.submit()}>
              {t('phoneverify.resend')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                number.setErrors({});
                code.setErrors({});
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
