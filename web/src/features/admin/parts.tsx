// Building blocks the admin screens share: the page frame, titled sections, badges, label/value lists, filter tabs,
// a search box whose text lives in the URL, a hook that runs an admin action and keeps its error where it arose, and
// the dialog of an add/edit form. The admin forms themselves run on lib/schema-form.ts.
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { type FieldErrors } from '../../lib/api';
import { usePageHead } from '../../lib/head';
import { failureOf } from '../../lib/schema-form';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import { notify } from '../../state/ui';

/** An admin screen: an optional way back, the h1 (also the document title), actions beside it, then the content. */
export function AdminPage({ title, back, badges, actions, children }: { title: string; back?: { href: string; label: string }; badges?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  usePageHead({ title });
  return (
    <div className="flex flex-col gap-6">
      <div>
        {back ? (
          <Link href={back.href} className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 link-underline">
            <Icon name="arrow-left" className="h-4 w-4" />
            {back.label}
          </Link>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl">{title}</h1>
            {badges}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      </div>
      {children}
    </div>
  );
}

/** A titled card; `actions` sit beside the title. */
export function AdminSection({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={id} data-testid={testId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-ink-900">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export type BadgeTone = 'neutral' | 'good' | 'warn' | 'bad' | 'info' | 'dark';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-cream-100 text-ink-800 ring-cream-300',
  good: 'bg-herb-50 text-herb-700 ring-herb-100',
  warn: 'bg-saffron-100 text-ink-900 ring-saffron-300',
  bad: 'bg-danger-50 text-danger-700 ring-danger-100',
  info: 'bg-brand-50 text-brand-700 ring-brand-100',
  dark: 'bg-ink-900 text-saffron-300 ring-ink-900',
};

export function Badge({ tone = 'neutral', children, testId }: { tone?: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** Label/value pairs; empty values show a dash. */
export function Facts({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-semibold text-ink-700">{item.label}</dt>
          <dd className="min-w-0 break-words text-ink-900">{item.value === null || item.value === undefined || item.value === '' ? '–' : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Mutually exclusive filters shown as tabs, each with an optional count. */
export function FilterTabs<V extends string>({ label, options, value, onChange }: { label: string; options: readonly { value: V; label: string; count?: number }[]; value: V; onChange: (value: V) => void }) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          onClick={() => onChange(o.value)}
          className={`inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-semibold ${value === o.value ? 'bg-brand-700 text-white' : 'bg-cream-100 text-ink-800 hover:bg-cream-200'}`}
        >
          {o.label}
          {o.count !== undefined ? <span className={`rounded-full px-1.5 text-xs ${value === o.value ? 'bg-white/20' : 'bg-white'}`}>{o.count}</span> : null}
        </button>
      ))}
    </div>
  );
}

/**
 * Query-string state: the value of `?name=` and a setter that replaces the URL (so filters survive a reload and the
 * way back from a detail page). Setting '' removes the parameter.
 */
export function useQueryParam(name: string): [string, (value: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name) ?? '';
  const set = useCallback(
    (next: string) => {
      const params = new URLSearchParams(search);
      if (next) params.set(name, next);
      else params.delete(name);
      const qs = params.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [search, location, navigate, name],
  );
  return [value, set];
}

/** A search form: typing is local, submitting (Enter or the button) hands the text on. */
export function SearchBox({ label, buttonLabel, value, onSearch }: { label: string; buttonLabel: string; value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex max-w-xl flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} className="block w-full rounded-xl border border-ink-400 bg-white px-3 py-2.5 text-ink-900" />
      </div>
      <Button type="submit" variant="secondary" icon={<Icon name="search" className="h-4 w-4" />}>
        {buttonLabel}
      </Button>
    </form>
  );
}

/** The message of a failed action, right where the action was started. */
export function ActionError({ error, testId }: { error: string | null | undefined; testId?: string }) {
  if (!error) return null;
  return (
    <div role="alert" data-testid={testId} className="mt-3 flex items-start gap-2 rounded-xl bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700 ring-1 ring-danger-100">
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{error}</p>
    </div>
  );
}

export type ActionFailure = { key: string; message: string; errors: FieldErrors };

/**
 * Runs admin actions one at a time: on success the notification `call` returns (a translated text: the server's
 * English sentence is never shown for a success) and `onDone` (usually a refetch); on failure the refusal in the
 * admin's language (`failureOf`: by message key or code, a failed connection as the shared network text) and its
 * field errors kept under the action's key, so each screen shows them next to the control.
 */
export function useAdminAction(onDone: () => unknown) {
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const run = useCallback(
    async (key: string, call: () => Promise<string | void>): Promise<boolean> => {
      setFailure(null);
      try {
        const done = await call();
        if (done) notify({ type: 'success', title: done });
        await onDone();
        return true;
      } catch (err) {
        const { message, errors } = failureOf(err);
        setFailure({ key, message, errors });
        return false;
      }
    },
    [onDone],
  );
  const errorOf = (key: string) => (failure?.key === key ? failure.message : null);
  const fieldErrorsOf = (key: string): FieldErrors => (failure?.key === key ? failure.errors : {});
  return { run, errorOf, fieldErrorsOf, clear: () => setFailure(null) };
}

/**
 * The dialog of an add/edit form: `children` holds the form `formId`, which the footer's save button submits. Closing
 * it while `dirty` (typed and not saved) asks first.
 */
export function EditorModal({ title, formId, busy, dirty, cancelLabel, saveLabel, onClose, children }: { title: string; formId: string; busy: boolean; dirty: boolean; cancelLabel: string; saveLabel: string; onClose: () => void; children: ReactNode }) {
  const close = useUnsavedDialog(dirty, onClose);
  return (
    <Modal
      open
      onClose={close}
      size="lg"
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {saveLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
