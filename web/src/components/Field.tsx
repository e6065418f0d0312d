// Labelled form controls shared by the account, auth and chef screens. Each field's errors (from the client check or
// the server's `errors` map) sit right under it and are tied to the control with aria-describedby and aria-invalid;
// the hint is tied the same way. `errorIcon` puts a ⚠ before each message (the chef screens' look).
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Icon } from './Icon';

export const controlClass = (invalid: boolean, extra = '') =>
  `block w-full rounded-xl border bg-white px-3 py-2.5 text-ink-900 placeholder:text-ink-500 disabled:bg-cream-100 ${invalid ? 'border-danger-600' : 'border-ink-400'} ${extra}`.trim();

export function useFieldIds(errors: readonly string[] | undefined, hint: ReactNode) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return { id, invalid, describedBy };
}

/** The ids and the accessible wiring of a text-valued control (input, textarea, select), bound to its value. */
function useTextControl(name: string, errors: readonly string[] | undefined, hint: ReactNode, value: string, onChange: (value: string) => void) {
  const { id, invalid, describedBy } = useFieldIds(errors, hint);
  const props = {
    id,
    name,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  return { id, invalid, props };
}

export function FieldErrorList({ id, name, errors, errorIcon = false }: { id?: string; name: string; errors?: readonly string[] | undefined; errorIcon?: boolean }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="mt-1 text-sm font-medium text-danger-700" data-field-error={name}>
      {errors.map((message, i) =>
        errorIcon ? (
          <p key={i} className="flex items-start gap-1">
            <span aria-hidden="true">⚠</span>
            <span>{message}</span>
          </p>
        ) : (
          <p key={i}>{message}</p>
        ),
      )}
    </div>
  );
}

/**
 * A form's messages that belong to none of its fields (useSchemaForm's `formErrors`: a failure without field errors,
 * no connection, an error for a field the form does not show), where the form shows them.
 */
export function FormErrors({ errors, testId, className = '' }: { errors: readonly string[]; testId?: string; className?: string }) {
  if (!errors.length) return null;
  return (
    <div role="alert" data-testid={testId} className={`flex items-start gap-2 rounded-xl bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700 ring-1 ring-danger-100 ${className}`.trim()}>
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        {errors.map((message, i) => (
          <p key={i}>{message}</p>
        ))}
      </div>
    </div>
  );
}

/** The hint and the error messages under a control whose ids come from useFieldIds. */
export function FieldNotes({ id, name, hint, errors, errorIcon }: { id: string; name: string; hint?: ReactNode; errors?: readonly string[] | undefined; errorIcon?: boolean }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      <FieldErrorList id={`${id}-error`} name={name} errors={errors} errorIcon={errorIcon} />
    </>
  );
}

type Common = { name: string; label: ReactNode; errors?: readonly string[] | undefined; hint?: ReactNode; className?: string; errorIcon?: boolean };

/** The labelled block every single-control field shares: label, the control, then hint and errors. */
function Field({ id, name, label, hint, errors, errorIcon, className = '', children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <FieldNotes id={id} name={name} hint={hint} errors={errors} errorIcon={errorIcon} />
    </div>
  );
}

export function TextField({
  name,
  label,
  errors,
  hint,
  className,
  errorIcon,
  value,
  onChange,
  type = 'text',
  suffix,
  inputClassName = '',
  ref,
  ...rest
}: Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onChange: (value: string) => void;
    suffix?: ReactNode;
    /** Classes of the input alone (`className` is the whole field's, with its label, hint and errors): a monospaced IBAN. */
    inputClassName?: string;
    ref?: Ref<HTMLInputElement>;
  }) {
  const { id, invalid, props } = useTextControl(name, errors, hint, value, onChange);
  const input = <input ref={ref} {...props} type={type} className={controlClass(invalid, `${suffix ? 'pr-14' : ''} ${inputClassName}`.trim())} {...rest} />;
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors} errorIcon={errorIcon} className={className}>
      {suffix ? (
        <div className="relative">
          {input}
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm font-semibold text-ink-600">{suffix}</span>
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

export function TextAreaField({
  name,
  label,
  errors,
  hint,
  className,
  errorIcon,
  value,
  onChange,
  rows = 5,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'value' | 'onChange' | 'className'> & { value: string; onChange: (value: string) => void }) {
  const { id, invalid, props } = useTextControl(name, errors, hint, value, onChange);
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors} errorIcon={errorIcon} className={className}>
      <textarea {...props} rows={rows} className={controlClass(invalid, 'resize-y')} {...rest} />
    </Field>
  );
}

export function SelectField({
  name,
  label,
  errors,
  hint,
  className,
  errorIcon,
  value,
  onChange,
  options,
  ...rest
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
  }) {
  const { id, invalid, props } = useTextControl(name, errors, hint, value, onChange);
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors} errorIcon={errorIcon} className={className}>
      <select {...props} className={controlClass(invalid)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A checkbox with its label after it. `compact` is the small inline form (a label wrapping the box, no hint or
 * errors), as in "keep me signed in".
 */
export function CheckboxField({
  name,
  label,
  checked,
  onChange,
  errors,
  hint,
  className = '',
  errorIcon,
  disabled,
  compact = false,
}: Common & { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; compact?: boolean }) {
  const { id, invalid, describedBy } = useFieldIds(errors, hint);
  if (compact) {
    return (
      <label className="flex cursor-pointer items-center gap-2 text-sm text-ink-800">
        <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-brand-600" />
        {label}
      </label>
    );
  }
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={id} className="font-medium text-ink-900">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldNotes id={id} name={name} hint={hint} errors={errors} errorIcon={errorIcon} />
      </div>
    </div>
  );
}

/** A group of options chosen by toggling chips (real checkboxes, so keyboard and screen readers work as usual). */
export function ChipGroup({
  name,
  legend,
  options,
  value,
  onChange,
  errors,
  hint,
  max,
  className = '',
  size = 'md',
  errorIcon,
}: {
  name: string;
  legend: ReactNode;
  options: readonly { key: string; name: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  max?: number;
  className?: string;
  size?: 'sm' | 'md';
  errorIcon?: boolean;
}) {
  const { id, invalid, describedBy } = useFieldIds(errors, hint);
  const chosen = new Set(value);
  const full = max !== undefined && chosen.size >= max;
  return (
    <fieldset className={className} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const on = chosen.has(o.key);
          const inputId = `${id}-${o.key}`;
          return (
            <div key={o.key}>
              <input
                id={inputId}
                type="checkbox"
                name={name}
                value={o.key}
                checked={on}
                disabled={!on && full}
                onChange={() => onChange(on ? value.filter((k) => k !== o.key) : [...value, o.key])}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                className={`inline-flex cursor-pointer select-none items-center gap-1 rounded-full border font-medium transition-colors peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-700 peer-focus-visible:outline-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 ${size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3 py-1.5 text-sm'} ${on ? 'border-brand-600 bg-brand-600 text-white' : 'border-ink-400 bg-white text-ink-800 hover:border-brand-600'}`}
              >
                {on ? <span aria-hidden="true">✓</span> : null}
                {o.name}
              </label>
            </div>
          );
        })}
      </div>
      <FieldNotes id={id} name={name} hint={hint} errors={errors} errorIcon={errorIcon} />
    </fieldset>
  );
}

export function RadioGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  errors,
  className = '',
  errorIcon,
}: {
  name: string;
  legend: ReactNode;
  options: readonly { value: V; label: string; description?: string }[];
  value: V;
  onChange: (value: V) => void;
  errors?: readonly string[] | undefined;
  className?: string;
  errorIcon?: boolean;
}) {
  const { id, invalid, describedBy } = useFieldIds(errors, undefined);
  return (
    <fieldset className={className} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${value === o.value ? 'border-brand-600 bg-brand-50' : 'border-ink-400 bg-white'}`}
          >
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="mt-1 h-4 w-4 accent-brand-600" />
            <span>
              <span className="block font-semibold text-ink-900">{o.label}</span>
              {o.description ? <span className="block text-sm text-ink-600">{o.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldNotes id={id} name={name} errors={errors} errorIcon={errorIcon} />
    </fieldset>
  );
}
