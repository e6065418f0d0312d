// Labelled form controls of the auth screens: the error text sits right under its field and is tied to it with
// aria-describedby and aria-invalid.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClasses = (invalid: boolean) =>
  `block w-full rounded-xl border bg-white px-3 py-2.5 text-ink-900 placeholder:text-ink-500 disabled:bg-cream-100 disabled:text-ink-600 ${
    invalid ? 'border-danger-600' : 'border-ink-400'
  }`;

export function FieldErrors({ id, errors, field }: { id: string; errors: readonly string[] | undefined; field: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="mt-1 text-sm font-medium text-danger-700" data-field-error={field}>
      {errors.map((message, i) => (
        <p key={i}>{message}</p>
      ))}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
}

export function TextField({ name, label, value, onChange, errors, hint, className = '', type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={inputClasses(invalid)}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} field={name} />
    </div>
  );
}

export function CheckboxField({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-ink-800">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-brand-600" />
      {label}
    </label>
  );
}
