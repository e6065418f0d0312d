// Labelled inputs of the settings screens; each field's errors sit under it, tied with aria-describedby.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

const control = (invalid: boolean) =>
  `block w-full rounded-xl border bg-white px-3 py-2.5 text-ink-900 placeholder:text-ink-500 disabled:bg-cream-100 ${invalid ? 'border-danger-600' : 'border-ink-400'}`;

function useFieldIds(errors: readonly string[] | undefined, hint: ReactNode) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return { id, invalid, describedBy };
}

function Below({ id, name, hint, errors }: { id: string; name: string; hint: ReactNode; errors: readonly string[] | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <div id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-700" data-field-error={name}>
          {errors.map((message, i) => (
            <p key={i}>{message}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}

type Common = { name: string; label: string; errors?: readonly string[] | undefined; hint?: ReactNode; className?: string };

export function TextField({
  name,
  label,
  errors,
  hint,
  className = '',
  value,
  onChange,
  type = 'text',
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'className'> & { value: string; onChange: (value: string) => void }) {
  const { id, invalid, describedBy } = useFieldIds(errors, hint);
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
        className={control(invalid)}
        {...rest}
      />
      <Below id={id} name={name} hint={hint} errors={errors} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  errors,
  hint,
  className = '',
  value,
  onChange,
  options,
  ...rest
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onChange: (value: string) => void;
    options: { value: string; label: string }[];
  }) {
  const { id, invalid, describedBy } = useFieldIds(errors, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={control(invalid)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Below id={id} name={name} hint={hint} errors={errors} />
    </div>
  );
}
