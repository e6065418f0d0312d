// A decision that needs a reason someone else reads (a failed transfer, a hidden picture). A schema form: the reason
// is checked with the call's shared schema before sending, the server's refusal of it shows at the field (in the
// admin's language from its keys) with the focus there, any other failure under the dialog. Closing it with a typed
// reason asks first.
import type * as v from 'valibot';
import { Button } from '../../components/Button';
import { FormErrors, TextAreaField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useSchemaForm } from '../../lib/schema-form';
import { useUnsavedDialog } from '../../lib/unsaved-changes';

export interface ReasonDialogProps<S extends v.GenericSchema, R> {
  /** The id of the form, unique on the page (the confirm button sits in the dialog's footer, outside the form). */
  id: string;
  title: string;
  description: string;
  label: string;
  hint: string;
  /** The call's shared schema of `{ reason }`, which says what a missing or too long reason reads. */
  schema: S;
  maxLength: number;
  confirmLabel: string;
  keepLabel: string;
  onClose: () => void;
  /** Sends the checked body; a refusal (ApiError) stays in the dialog. */
  send: (body: v.InferOutput<S>) => Promise<R>;
  onDone: (result: R) => unknown;
  errorTestId?: string;
}

export function ReasonDialog<S extends v.GenericSchema, R>({ id, title, description, label, hint, schema, maxLength, confirmLabel, keepLabel, onClose, send, onDone, errorTestId }: ReasonDialogProps<S, R>) {
  const form = useSchemaForm(schema, send, { initial: { reason: '' }, onSuccess: (result) => onDone(result) });
  const close = useUnsavedDialog(form.values.reason.trim() !== '', onClose);

  return (
    <Modal
      open
      onClose={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {keepLabel}
          </Button>
          <Button type="submit" form={id} variant="danger" loading={form.busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={id} {...form.props} className="flex flex-col gap-3">
        <TextAreaField {...form.field('reason')} label={label} hint={hint} maxLength={maxLength} rows={3} />
        <FormErrors errors={form.formErrors} testId={errorTestId} />
      </form>
    </Modal>
  );
}
