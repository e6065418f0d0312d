// The dialog of the status changes that ask first: reject (the reason the chef reads), pause (the reason the chef
// reads) and block (an optional note). Pausing or blocking lists the chef's upcoming bookings, and the admin keeps or
// cancels each with a full refund (issue 14 §5); cancelled bookings' customers read the message written here. The
// body is checked with the server's own schema before it is sent.
import { useState } from 'react';
import * as v from 'valibot';
import { CHEF_ADMIN_ACTIONS, REASON_MAX, type ChefActionBody } from '#shared/schemas/admin.chefs.schema';
import { issuesToErrors } from '#shared/field-errors';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { RadioGroup, TextAreaField } from '../../components/Field';
import type { FieldErrors } from '../../lib/api';
import { formatEventTime } from '../../lib/event-time';
import { tk, useLocale, useT } from '../../lib/i18n';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import type { AdminChefDetail } from './ChefsApi';
import { ActionError } from './parts';

export type AskingAction = 'reject' | 'pause' | 'ban';
type Upcoming = AdminChefDetail['upcoming_bookings'][number];
type Choice = 'keep' | 'cancel';

const TEXTS: Record<AskingAction, { title: string; text: string; reason: string; confirm: string }> = {
  reject: { title: tk('admin.chefs.reject.title'), text: tk('admin.chefs.reject.text'), reason: tk('admin.chefs.reject.reason'), confirm: tk('admin.chefs.reject.confirm') },
  pause: { title: tk('admin.chefs.pause.title'), text: tk('admin.chefs.pause.text'), reason: tk('admin.chefs.pause.reason'), confirm: tk('admin.chefs.pause.confirm') },
  ban: { title: tk('admin.chefs.ban.title'), text: tk('admin.chefs.ban.text'), reason: tk('admin.chefs.ban.reason'), confirm: tk('admin.chefs.ban.confirm') },
};

/** What keeping a booking means: a paused chef still takes part; the booking machine refuses a blocked chef's part. */
const KEEP_MEANS: Record<'pause' | 'ban', string> = { pause: tk('admin.chefs.bookings.keeppause'), ban: tk('admin.chefs.bookings.keepban') };
const HINT: Record<'pause' | 'ban', string> = { pause: tk('admin.chefs.bookings.hintpause'), ban: tk('admin.chefs.bookings.hintban') };

/** What cancelling means for a booking in its state: a declined request, an unpaid booking called off, a full refund. */
const CANCEL_MEANS: Record<string, string> = {
  requested: tk('admin.chefs.bookings.cancelrequest'),
  accepted: tk('admin.chefs.bookings.cancelunpaid'),
  confirmed: tk('admin.chefs.bookings.cancelpaid'),
};

export function ChefStatusDialog({
  action,
  name,
  upcoming,
  serverErrors,
  serverMessage,
  onConfirm,
  onCancel,
}: {
  action: AskingAction;
  name: string;
  upcoming: readonly Upcoming[];
  serverErrors: FieldErrors;
  serverMessage: string | null;
  onConfirm: (body: ChefActionBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [cancelReason, setCancelReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Only what the admin typed counts: the suggested message for the customers is not their work.
  const close = useUnsavedDialog(reason.trim() !== '' || (cancelReason !== '' && cancelReason !== t('admin.chefs.bookings.defaultreason')), onCancel);
  const bookingAction = action === 'reject' ? null : action;
  const cancelIds = upcoming.filter((b) => choices[b.id] === 'cancel').map((b) => b.id);

  const choose = (id: number, choice: Choice) => {
    setChoices((c) => ({ ...c, [id]: choice }));
    // The customers' message starts from a suggestion the admin may change.
    if (choice === 'cancel' && !cancelReason) setCancelReason(t('admin.chefs.bookings.defaultreason'));
  };

  const confirm = async () => {
    const body: ChefActionBody = {
      ...(reason.trim() ? { reason } : {}),
      ...(bookingAction && cancelIds.length ? { cancel_bookings: cancelIds, cancel_reason: cancelReason } : {}),
    };
    const checked = v.safeParse(CHEF_ADMIN_ACTIONS[action], body);
    if (!checked.success) {
      setErrors(issuesToErrors(checked.issues));
      return;
    }
    setErrors({});
    await onConfirm(body);
  };
  const shown = { ...errors, ...serverErrors };
  const texts = TEXTS[action];

  return (
    <Modal
      open
      onClose={close}
      title={t(texts.title, { name })}
      description={t(texts.text)}
      size={bookingAction ? 'lg' : 'sm'}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('admin.chefs.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm}>
            {t(texts.confirm)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <TextAreaField name="reason" label={t(texts.reason)} value={reason} onChange={setReason} errors={shown.reason} maxLength={REASON_MAX} rows={3} />
        {bookingAction ? (
          <section aria-labelledby="upcoming-title" className="flex flex-col gap-3" data-testid="upcoming-bookings">
            <h3 id="upcoming-title" className="font-semibold">
              {t('admin.chefs.bookings.title')}
            </h3>
            {upcoming.length === 0 ? <p className="text-sm text-ink-700">{t('admin.chefs.bookings.none')}</p> : <p className="text-sm text-ink-700">{t(HINT[bookingAction])}</p>}
            <ul className="flex flex-col gap-3">
              {upcoming.map((b) => (
                <li key={b.id} data-testid={`upcoming-${b.id}`}>
                  <RadioGroup
                    name={`booking-${b.id}`}
                    legend={t('admin.chefs.bookings.line', {
                      id: b.id,
                      menu: b.menu.name,
                      date: formatEventTime(b.starts_at, b.timezone, locale),
                      customer: `${b.customer.firstname} ${b.customer.lastname}`.trim(),
                      status: t(`bookings.status.${b.status}`),
                      total: b.total_formatted,
                    })}
                    value={choices[b.id] ?? 'keep'}
                    onChange={(choice) => choose(b.id, choice)}
                    options={[
                      { value: 'keep', label: t('admin.chefs.bookings.keep'), description: t(KEEP_MEANS[bookingAction]) },
                      { value: 'cancel', label: t('admin.chefs.bookings.cancel'), description: t(CANCEL_MEANS[b.status] ?? CANCEL_MEANS.requested!, { total: b.total_formatted }) },
                    ]}
                  />
                </li>
              ))}
            </ul>
            <ActionError error={shown.cancel_bookings?.[0] ?? null} testId="bookings-error" />
            {cancelIds.length ? (
              <TextAreaField
                name="cancel_reason"
                label={t('admin.chefs.bookings.customerreason')}
                value={cancelReason}
                onChange={setCancelReason}
                errors={shown.cancel_reason}
                maxLength={REASON_MAX}
                rows={3}
              />
            ) : null}
          </section>
        ) : null}
        <ActionError error={serverMessage} testId="dialog-error" />
      </div>
    </Modal>
  );
}
