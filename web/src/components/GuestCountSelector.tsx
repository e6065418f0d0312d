// Guest count (seed §4, §5, §9): quick picks 2 to 9 plus "10+", and a numeric input once 10 or more guests are
// chosen. The count must lie between 2 and 100; outside it the seed's texts guestcountselector.leasttext / maxtext show.
import { useEffect, useId, useState } from 'react';
import { useT } from '../lib/i18n';
import { MAX_GUESTS, MIN_GUESTS } from '../state/booking';

/** Seed §9: quick-pick buttons 2 to 9, then "10+". */
export const QUICK_PICKS = [2, 3, 4, 5, 6, 7, 8, 9] as const;
export const CUSTOM_FROM = 10;

/** The translation key of what is wrong with a count, or null when it is within 2..100. */
export function guestCountError(count: number): 'guestcountselector.leasttext' | 'guestcountselector.maxtext' | null {
  if (!Number.isFinite(count) || count < MIN_GUESTS) return 'guestcountselector.leasttext';
  if (count > MAX_GUESTS) return 'guestcountselector.maxtext';
  return null;
}

export const isValidGuestCount = (count: number) => Number.isInteger(count) && guestCountError(count) === null;

export interface GuestCountSelectorProps {
  value: number;
  /** Called with every change; the number may be out of range (0 for an empty field) while the visitor types. */
  onChange: (count: number) => void;
  label: string;
  /** Shows the label above the picks (a form); else only screen readers read it (a section that names it already). */
  labelVisible?: boolean;
}

export function GuestCountSelector({ value, onChange, label, labelVisible = false }: GuestCountSelectorProps) {
  const t = useT();
  const labelId = useId();
  const inputId = useId();
  const messageId = useId();
  const [custom, setCustom] = useState(value >= CUSTOM_FROM);
  const [text, setText] = useState(value >= CUSTOM_FROM ? String(value) : '');

  // A count set from outside (e.g. a restored search) shows in the field.
  useEffect(() => {
    if (value >= CUSTOM_FROM) {
      setCustom(true);
      setText((current) => (Number(current) === value ? current : String(value)));
    }
  }, [value]);

  const error = custom ? guestCountError(text.trim() === '' ? 0 : Number(text)) : null;
  const pick = (count: number) => {
    setCustom(false);
    setText('');
    onChange(count);
  };
  const chip = (selected: boolean) =>
    `min-w-12 rounded-full px-4 py-2 text-base font-semibold ring-1 transition-colors ${
      selected ? 'bg-ink-900 text-white ring-ink-900' : 'bg-white text-ink-900 ring-cream-300 hover:bg-cream-100'
    }`;

  return (
    <div>
      <p id={labelId} className={labelVisible ? 'field-label' : 'sr-only'}>
        {label}
      </p>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2" data-testid="guest-quickpicks">
        {QUICK_PICKS.map((count) => (
          <button key={count} type="button" aria-pressed={!custom && value === count} className={chip(!custom && value === count)} onClick={() => pick(count)}>
            {count}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={custom}
          className={chip(custom)}
          onClick={() => {
            if (custom) return;
            setCustom(true);
            const start = value >= CUSTOM_FROM ? value : CUSTOM_FROM;
            setText(String(start));
            onChange(start);
          }}
        >
          {CUSTOM_FROM}+
        </button>
      </div>
      {custom ? (
        <div className="mt-4 max-w-48">
          <label htmlFor={inputId} className="field-label">
            {t('guestcountselector.inputlabel')}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={MIN_GUESTS}
            max={MAX_GUESTS}
            step={1}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            onChange={(event) => {
              const next = event.target.value.replace(/[^\d]/g, '').slice(0, 4);
              setText(next);
              onChange(next === '' ? 0 : Number(next));
            }}
            className="block w-full rounded-xl border border-ink-400 bg-white px-3 py-2.5 text-ink-900"
            data-testid="guest-input"
          />
        </div>
      ) : null}
      {error ? (
        <p id={messageId} role="alert" className="mt-2 text-sm font-medium text-danger-700" data-testid="guest-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
