// A markdown text (bio, menu description) with a "write" and a "preview" tab and a character count. The preview
// goes through the shared sanitising renderer (components/Markdown over lib/markdown), as the public pages do.
import { useId, useState } from 'react';
import { Markdown } from '../../components/Markdown';
import { useT } from '../../lib/i18n';
import { controlClass, FieldNotes, useFieldIds } from '../../components/Field';

export function MarkdownPreview({ text, emptyText }: { text: string; emptyText?: string }) {
  if (!text.trim()) return <p className="italic text-ink-600">{emptyText}</p>;
  // Headings in a bio start below the page's own h1/h2.
  return <Markdown source={text} headingOffset={2} className="break-words" />;
}

export function MarkdownField({
  name,
  label,
  value,
  onChange,
  errors,
  hint,
  min,
  max,
  rows = 6,
  className = '',
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  hint?: string;
  min?: number;
  max: number;
  rows?: number;
  className?: string;
}) {
  const t = useT();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const { id, invalid, describedBy } = useFieldIds(errors, hint);
  const tabsId = useId();
  const length = value.trim().length;
  const short = min !== undefined && length < min;
  return (
    <div className={className}>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="field-label mb-0">
          {label}
        </label>
        <div role="tablist" aria-label={t('chefarea.markdown.tabs', { field: label })} className="inline-flex rounded-full bg-cream-200 p-0.5 text-sm">
          {(['write', 'preview'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`${tabsId}-${key}`}
              aria-selected={tab === key}
              aria-controls={`${tabsId}-${key}-panel`}
              onClick={() => setTab(key)}
              className={`rounded-full px-3 py-1 font-semibold ${tab === key ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-700'}`}
            >
              {t(key === 'write' ? 'chefarea.markdown.write' : 'chefarea.markdown.preview')}
            </button>
          ))}
        </div>
      </div>
      <div id={`${tabsId}-write-panel`} role="tabpanel" aria-labelledby={`${tabsId}-write`} hidden={tab !== 'write'}>
        <textarea
          id={id}
          name={name}
          rows={rows}
          value={value}
          maxLength={max}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid, 'resize-y')}
        />
      </div>
      <div
        id={`${tabsId}-preview-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-preview`}
        hidden={tab !== 'preview'}
        className="min-h-32 rounded-xl border border-cream-300 bg-cream-50 px-4 py-3"
        data-testid={`${name}-preview`}
      >
        <MarkdownPreview text={value} emptyText={t('chefarea.markdown.empty')} />
      </div>
      <div className="mt-1 flex justify-end">
        <span className={`text-xs tabular-nums ${short ? 'text-ink-700' : 'text-ink-600'}`} aria-live="polite">
          {min !== undefined && short ? t('chefarea.markdown.needmore', { count: min - length }) : t('chefarea.markdown.count', { count: length, max })}
        </span>
      </div>
      <FieldNotes errorIcon id={id} name={name} hint={hint} errors={errors} />
    </div>
  );
}
