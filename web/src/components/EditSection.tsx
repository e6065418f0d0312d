// The seed's edit-section widget (§2): a titled step that is either collapsed, showing a one-line summary of its
// value, or expanded with its editor and an optional continue button. A collapsed section reopens from its header.
import { useId, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Button } from './Button';
import { Icon } from './Icon';

export interface EditSectionProps {
  title: string;
  /** What is chosen so far, shown while collapsed. */
  summary?: ReactNode;
  open: boolean;
  onOpen: () => void;
  /** Shows a continue button while open. */
  onContinue?: () => void;
  continueDisabled?: boolean;
  continueLabel?: string;
  children: ReactNode;
  testId?: string;
  /** Numbered steps read as "1. What" etc. */
  step?: number;
}

export function EditSection({ title, summary, open, onOpen, onContinue, continueDisabled = false, continueLabel, children, testId, step }: EditSectionProps) {
  const t = useT();
  const headingId = useId();
  const panelId = useId();

  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      data-state={open ? 'open' : 'closed'}
      className={`rounded-2xl ring-1 transition-shadow ${open ? 'bg-white shadow-md ring-cream-300' : 'bg-cream-50 ring-cream-200 hover:ring-cream-300'}`}
    >
      <h3 id={headingId} className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            if (!open) onOpen();
          }}
          className={`flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left ${open ? 'cursor-default' : ''}`}
        >
          {step !== undefined ? (
            <span
              aria-hidden="true"
              className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${open ? 'bg-brand-600 text-white' : 'bg-cream-200 text-ink-800'}`}
            >
              {step}
            </span>
          ) : null}
          <span className="min-w-0 flex-1">
            <span className="block text-base font-bold text-ink-900">{title}</span>
            {!open && summary ? <span className="block truncate text-sm text-ink-700" data-testid={testId ? `${testId}-summary` : undefined}>{summary}</span> : null}
          </span>
          {!open ? (
            <span className="shrink-0 text-sm font-semibold text-brand-700 link-underline">
              {t('editsection.edit')}
              <span className="sr-only"> {title}</span>
            </span>
          ) : null}
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        {open ? children : null}
        {open && onContinue ? (
          <div className="mt-4 flex justify-end">
            <Button onClick={onContinue} disabled={continueDisabled} icon={<Icon name="check" className="h-4 w-4" />} data-testid={testId ? `${testId}-continue` : undefined}>
              {continueLabel ?? t('editsection.continue')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
