// The dialog of the status changes that ask first: reject (the reason the chef reads), pause (the reason the chef
// reads) and block (an optional note). Pausing or blocking lists the chef's upcoming bookings, and the admin keeps or
// cancels each with a full refund (issue 14 §5); cancelled bookings' customers read the message written here. A schema
// form: the body is checked with the server's own schema before it is sent, and a refusal shows at its field.
import { CHEF_ADMIN_ACTIONS, REASON_MAX, type ChefActionBody, type ChefActionWithBody } from '#shared/schemas/admin.chefs.schema';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { FieldErrorList, FormErrors, RadioGroup, TextAreaField } from '../../components/Field';
import { formatEventTime } from '../../lib/event-time';
import { tk, useLocale, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import type { AdminChefDetail } from './ChefsApi';

export type AskingAction = ChefActionWithBody;
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

type Draft = { reason: string; choices: Record<number, Choice>; cancel_reason: string };

export function ChefStatusDialog<R>({
  action,
  name,
  upcoming,
  send,
  onDone,
  onCancel,
}: {
  action: AskingAction;
  name: string;
  upcoming: readonly Upcoming[];
  /** Sends the action with its body; a refusal (ApiError) stays in the dialog, at its field. */
  send: (body: ChefActionBody) => Promise<R>;
  onDone: (result: R) => unknown;
  onCancel: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const bookingAction = action === 'reject' ? null : action;
  const cancelIdsOf = (d: Draft) => upcoming.filter((b) => d.choices[b.id] === 'cancel').map((b) => b.id);
  const form = useSchemaForm(CHEF_ADMIN_ACTIONS[action], send, {
    initial: { reason: '', choices: {}, cancel_reason: '' } as Draft,
    body: (d) => {
      const ids = cancelIdsOf(d);
      return { ...(d.reason.trim() ? { reason: d.reason } : {}), ...(bookingAction && ids.length ? { cancel_bookings: ids, cancel_reason: d.cancel_reason } : {}) };
    },
    onSuccess: (result) => onDone(result),
  });
  const { values: draft, errors } = form;
  // Only what the admin typed counts: the suggested message for the customers is not their work.
  const close = useUnsavedDialog(draft.reason.trim() !== '' || (draft.cancel_reason !== '' && draft.cancel_reason !== t('admin.chefs.bookings.defaultreason')), onCancel);
  const cancelIds = cancelIdsOf(draft);
  const formId = `chef-${action}-form`;

  // The customers' message starts from a suggestion the admin may change.
  const choose = (id: number, choice: Choice) =>
    form.update((d) => ({ choices: { ...d.choices, [id]: choice }, ...(choice === 'cancel' && !d.cancel_reason ? { cancel_reason: t('admin.chefs.bookings.defaultreason') } : {}) }));
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
          <Button type="submit" form={formId} variant="danger" loading={form.busy}>
            {t(texts.confirm)}
          </Button>
        </>
      }
    >
      <form id={formId} {...form.props} className="flex flex-col gap-4">
        <TextAreaField {...form.field('reason')} label={t(texts.reason)} maxLength={REASON_MAX} rows={3} />
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
                    value={draft.choices[b.id] ?? 'keep'}
                    onChange={(choice) => choose(b.id, choice)}
                    options={[
                      { value: 'keep', label: t('admin.chefs.bookings.keep'), description: t(KEEP_MEANS[bookingAction]) },
                      { value: 'cancel', label: t('admin.chefs.bookings.cancel'), description: t(CANCEL_MEANS[b.status] ?? CANCEL_MEANS.requested!, { total: b.total_formatted }) },
                    ]}
                  />
                </li>
              ))}
            </ul>
            <FieldErrorList name="cancel_bookings" errors={errors.cancel_bookings} errorIcon />
            {cancelIds.length ? <TextAreaField {...form.field('cancel_reason')} label={t('admin.chefs.bookings.customerreason')} maxLength={REASON_MAX} rows={3} /> : null}
          </section>
        ) : null}
        <FormErrors errors={form.formErrors} testId="dialog-error" />
      </form>
    </Modal>
  );
}
