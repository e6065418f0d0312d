// A form's values as what was saved (the base) plus what the person changed, so the form knows whether it holds
// unsaved work and reports it to the leave guard (unsaved-changes.ts). Inside a DraftScope the changes outlive the
// form: a step of the chef application that is left and opened again shows what was typed, while the fields that
// were not touched show the saved values as they are now. Kept drafts live in memory for this page view, count as
// unsaved work (so leaving the page or the site still asks), and go once saved or discarded.
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { markUnsaved, onDiscard } from './unsaved-changes';

type Values = Record<string, unknown>;
export type SameValue = (a: unknown, b: unknown) => boolean;

const sameJson: SameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Changes kept per scope and form name, e.g. "chef-application:7:profile". */
const drafts = new Map<string, Values>();
onDiscard(() => drafts.clear());

const DraftContext = createContext<string | null>(null);
/** Forms inside keep their changes when they unmount, under this scope plus their name. */
export const DraftScope = DraftContext.Provider;

/** Whether a form of the current scope has kept changes (e.g. to reopen the editor they belong to). */
export function useHasDraft(): (name: string) => boolean {
  const scope = useContext(DraftContext);
  return (name) => scope !== null && drafts.has(`${scope}:${name}`);
}

export interface FormDraft<T extends Values> {
  values: T;
  dirty: boolean;
  set: <K extends keyof T>(field: K, value: T[K]) => void;
  /** Changes several fields, or derives them from the current values. */
  update: (patch: Partial<T> | ((values: T) => Partial<T>)) => void;
  /**
   * The values sent (default: the current ones) are saved: they become the base, so the form is clean and its kept
   * draft gone, unless something was typed while the save was under way.
   */
  saved: (values?: T) => void;
  /** The saved state of some fields became known or changed (a refetch): changes made to them stay on top. */
  setBase: (patch: Partial<T>) => void;
  /** Drops every change (the person cancelled): the saved values show again. */
  reset: () => void;
}

export type DraftOptions<T extends Values = Values> = {
  name?: string;
  same?: SameValue;
  guard?: boolean;
  /** Changes kept from an earlier page view (the booking form's, in sessionStorage): unsaved from the start. */
  kept?: Partial<T>;
  /** Fields whose typing is no work to keep: never kept in a draft nor guarded (a password asked with every save). */
  transient?: readonly string[];
  /**
   * The form mirrors its unsaved values to storage that outlives the page (the booking form's sessionStorage draft), so
   * the app's own full-page navigations (leaveTo) pass the leave guard without a prompt.
   */
  stored?: boolean;
};

/** The fields of `patch` whose value is not the one in `base`. */
function changedFrom<T extends Values>(base: T, patch: Partial<T>, same: SameValue): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([field, value]) => !same(value, base[field]))) as Partial<T>;
}

/** The changes that are work: all but the transient fields. */
function workOf<T extends Values>(changes: Partial<T>, transient: readonly string[]): Partial<T> {
  if (!transient.length) return changes;
  const work = { ...changes };
  for (const field of transient) delete work[field];
  return work;
}

/**
 * Form state that knows what is unsaved. `name` keeps the changes within a DraftScope; `same` compares a field's
 * value with its saved one (default: as JSON), e.g. to ignore client-side ids in lists. `guard: false` keeps typing
 * from counting as unsaved work (a sign-in form: what was typed there is not work to lose); `transient` does so for
 * some fields only (read once, when the form mounts).
 */
export function useFormDraft<T extends Values>(initial: T | (() => T), options: DraftOptions<T> = {}): FormDraft<T> {
  const scope = useContext(DraftContext);
  const key = scope !== null && options.name ? `${scope}:${options.name}` : null;
  const ownId = useId();
  const reportId = key ? `draft:${key}` : ownId;
  const same = options.same ?? sameJson;
  const guard = options.guard ?? true;
  const stored = options.stored ?? false;
  const transient = useRef(options.transient ?? []).current;
  const [state, setState] = useState(() => {
    const base = typeof initial === 'function' ? initial() : initial;
    return { base, changes: ((key && drafts.get(key)) ?? changedFrom(base, options.kept ?? {}, same)) as Partial<T> };
  });
  // Handlers read and write the latest state at once, so a save followed by a navigation in the same event sees the
  // form clean.
  const latest = useRef(state);
  latest.current = state;

  const actions = useMemo(() => {
    const commit = (base: T, changes: Partial<T>) => {
      latest.current = { base, changes };
      setState(latest.current);
      const work = workOf(changes, transient);
      const dirty = Object.keys(work).length > 0;
      if (key && dirty) drafts.set(key, work);
      else if (key) drafts.delete(key);
      markUnsaved(reportId, guard && dirty, stored);
    };
    const update = (patch: Partial<T> | ((values: T) => Partial<T>)) => {
      const { base, changes } = latest.current;
      const fields = typeof patch === 'function' ? patch({ ...base, ...changes }) : patch;
      const next: Partial<T> = { ...changes };
      for (const field of Object.keys(fields) as (keyof T)[]) {
        if (same(fields[field], base[field])) delete next[field];
        else next[field] = fields[field];
      }
      commit(base, next);
    };
    const setBase = (patch: Partial<T>) => {
      const { base, changes } = latest.current;
      const nextBase = { ...base, ...patch };
      const next: Partial<T> = { ...changes };
      for (const field of Object.keys(patch) as (keyof T)[]) if (field in next && same(next[field], nextBase[field])) delete next[field];
      commit(nextBase, next);
    };
    return {
      update,
      set: <K extends keyof T>(field: K, value: T[K]) => update({ [field]: value } as unknown as Partial<T>),
      setBase,
      saved: (values?: T) => setBase(values ?? ({ ...latest.current.base, ...latest.current.changes } as T)),
      reset: () => commit(latest.current.base, {}),
    };
  }, [key, reportId, same, guard, transient, stored]);

  // A kept draft counts as unsaved from the moment its form shows it again; a form without a scope takes its report
  // with it when it unmounts, a scoped one leaves it with the kept draft.
  useEffect(() => {
    markUnsaved(reportId, guard && Object.keys(workOf(latest.current.changes, transient)).length > 0, stored);
    return () => {
      if (!key) markUnsaved(reportId, false);
    };
  }, [reportId, key, guard, transient, stored]);

  const values = useMemo(() => ({ ...state.base, ...state.changes }) as T, [state]);
  return { values, dirty: Object.keys(workOf(state.changes, transient)).length > 0, ...actions };
}
