// The one form layer: a form's values as one object (useFormDraft, so the leave guard and draft scopes see unsaved
// work), checked with the shared valibot schema the server runs before anything is sent, errors next to the fields
// that caused them (the check's, or the server's `errors` map under the same dotted keys, e.g. courses.0.name), a
// form-level message for whatever has no field on the form, one send at a time, and the focus on the first invalid
// field after a failed submit. Screens branch on the ApiError `code` of `failure`, never on its text.
//
// Where an error shows is read from the rendered form: a message is placed when a field error list
// (components/Field.tsx, `data-field-error`) for its key, or for a key it belongs to (price_tiers for
// price_tiers.0.min_guests), is on the form; every other message is one of `formErrors`, so nothing said goes unseen.
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import * as v from 'valibot';
import { issuesToErrors } from '#shared/field-errors';
import { ApiError, unreached, type FieldErrors } from './api';
import { useFormDraft, type DraftOptions, type FormDraft } from './form-draft';
import { useT, type TFunction, type TParams } from './i18n';

export type { FieldErrors };

/** A failed call: the ApiError's status and code (NETWORK_ERROR, status 0, when the server was not reached). */
export type Failure = { code: string; status: number; message: string; errors: FieldErrors };

/**
 * Any thrown value as a failure. A request that never reached the server says so in the one shared text
 * (errors.network, api.ts `unreached`), as does anything else thrown that is not a refusal of the server.
 */
export function failureOf(err: unknown): Failure {
  const { code, status, message, errors } = err instanceof ApiError ? err : unreached();
  return { code, status, message, errors };
}

/** The text of a failure's code: an i18n key, or a key with the figures its text names (a size limit). */
export type CodeText = string | readonly [key: string, params: TParams];
/** The texts of failures by their code. */
export type Codes = Partial<Record<string, CodeText>>;

/**
 * The failure in the visitor's language where its code is in `codes`. The server answers in English; the code's text
 * replaces its message and the messages at its fields (which carry the same sentence).
 */
export function inOwnWords(failure: Failure, codes: Codes | undefined, t: TFunction): Failure {
  const own = codes?.[failure.code];
  if (!own) return failure;
  const text = typeof own === 'string' ? t(own) : t(own[0], own[1]);
  return { ...failure, message: text, errors: Object.fromEntries(Object.keys(failure.errors).map((key) => [key, [text]])) };
}

type Values = Record<string, unknown>;

export interface SchemaFormOptions<T extends Values, S extends v.GenericSchema, R> extends DraftOptions<T> {
  /** The values the form starts with (what is saved). */
  initial: T | (() => T);
  /** The schema's input made from the values (numbers from typed text, trimmed names); default: the values. */
  body?: (values: T) => unknown;
  /**
   * A field's text for a failed check where the schema's message speaks the API's terms rather than the form's (a
   * price checked in cents, typed in francs); undefined keeps the schema's messages.
   */
  checkText?: (key: string) => string | undefined;
  /** Rules the schema cannot see, as messages per field (the two new passwords agree, a bot check was done). */
  check?: (values: T) => Partial<FieldErrors>;
  /** After a successful send, once the values sent are saved (the form is clean): notify, refresh, navigate. */
  onSuccess?: (result: R, body: v.InferOutput<S>) => unknown;
  /** A failed send, for its side effects; may return the field errors to show instead of the server's. */
  onFailure?: (failure: Failure) => FieldErrors | void;
  /**
   * The i18n keys of failures by their code (with the figures their text names, e.g. uploadCodes). The server
   * answers in English; a failure whose code is here reads the visitor's language, in its message and at its fields
   * (inOwnWords).
   */
  codes?: Codes;
  /** After a successful send what was typed is dropped rather than kept as saved (a password form). */
  clear?: boolean;
}

type FieldProps<V> = { name: string; value: V; onChange: (value: V) => void; errors: string[] | undefined };
type CheckboxProps = { name: string; checked: boolean; onChange: (checked: boolean) => void; errors: string[] | undefined };

export interface SchemaForm<T extends Values> extends FormDraft<T> {
  /** Messages per dotted field key, from the last check or the server. */
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** What the form shows at its level: the message of a failure without field errors, and errors with no field on it. */
  formErrors: string[];
  /** The last failed send (its `code` to branch on), until the next submit. */
  failure: Failure | null;
  busy: boolean;
  /** The last submit was sent and saved (for a "saved" note), until the next one. */
  sent: boolean;
  /** Checks and sends; true once sent and saved. A second submit while one is under way is ignored. */
  submit: () => Promise<boolean>;
  /** Spread onto the <form>: submits, and lets the hook find where errors show and what to focus. */
  props: { ref: RefObject<HTMLFormElement | null>; noValidate: true; onSubmit: (event: FormEvent) => void };
  /** A field's name, value, setter and errors, for TextField and its kin. */
  field: <K extends keyof T & string>(name: K) => FieldProps<T[K]>;
  checkbox: <K extends { [F in keyof T & string]: T[F] extends boolean ? F : never }[keyof T & string]>(name: K) => CheckboxProps;
}

/** Whether a field named `name` shows the errors of `key`: its own, or those of its parts (price_tiers.0.price). */
const covers = (name: string, key: string) => key === name || key.startsWith(`${name}.`);

/** The messages a field shows for itself and its parts (a list's and its items', allergies.0.level), if any. */
export function errorsUnder(errors: FieldErrors, name: string): string[] | undefined {
  const messages = Object.entries(errors).flatMap(([key, list]) => (covers(name, key) ? list : []));
  return messages.length ? messages : undefined;
}

const errorLists = (form: HTMLFormElement | null) => (form ? [...form.querySelectorAll<HTMLElement>('[data-field-error]')] : []);

/** The first field with an error, in the order of the page: its control, else the list of its messages. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const keys = Object.keys(errors).filter((key) => errors[key]?.length);
  const invalid = (name: string) => name !== '' && keys.some((key) => covers(name, key));
  for (const element of form.querySelectorAll<HTMLElement>('input, select, textarea, [data-field-error]')) {
    const list = element.getAttribute('data-field-error');
    if (list !== null) {
      if (!invalid(list)) continue;
      const control = element.id ? form.querySelector<HTMLElement>(`[aria-describedby~="${element.id}"]`) : null;
      const target = control ?? element;
      if (!control) target.tabIndex = -1;
      target.focus();
      return;
    }
    const control = element as HTMLInputElement;
    if (control.type !== 'hidden' && !control.disabled && invalid(control.name)) {
      control.focus();
      return;
    }
  }
}

/**
 * A form checked with the shared schema and sent with `send` (which calls the API through the typed client and
 * returns its answer): `useSchemaForm(profileBody, (body) => unwrap(me.$put({ json: body })), { initial })`.
 */
export function useSchemaForm<T extends Values, S extends v.GenericSchema, R>(schema: S, send: (body: v.InferOutput<S>) => Promise<R>, options: SchemaFormOptions<T, S, R>): SchemaForm<T> {
  const t = useT();
  const { name, same, guard, kept, transient, stored } = options;
  const draft = useFormDraft(options.initial, { name, same, guard, kept, transient, stored });
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [attempts, setAttempts] = useState(0);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const ref = useRef<HTMLFormElement | null>(null);

  const setErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    setMessage(null);
  }, []);

  // After the errors are on screen: what found no field goes to the form's level.
  useLayoutEffect(() => {
    const shown = errorLists(ref.current).map((list) => list.getAttribute('data-field-error') ?? '');
    const next = Object.entries(errors).flatMap(([key, messages]) => (shown.some((name) => covers(name, key)) ? [] : messages));
    setUnplaced((before) => (before.length === next.length && before.every((m, i) => m === next[i]) ? before : next));
  }, [errors]);

  // After a failed submit (each one, also when the errors are the same again): the person lands on what to fix.
  useLayoutEffect(() => {
    if (attempts && ref.current) focusFirstInvalid(ref.current, errors);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempts]);

  const fail = (shown: FieldErrors, next: Failure | null, headline: string | null) => {
    setErrorsState(shown);
    setFailure(next);
    setMessage(Object.keys(shown).length ? null : headline);
    setAttempts((n) => n + 1);
    return false;
  };

  const present = (err: unknown) => {
    const f = inOwnWords(failureOf(err), options.codes, t);
    return fail(options.onFailure?.(f) ?? f.errors, f, f.message);
  };

  async function deliver(body: v.InferOutput<S>, values: T): Promise<boolean> {
    let result: R;
    try {
      result = await send(body);
    } catch (err) {
      return present(err);
    }
    if (options.clear) draft.reset();
    else draft.saved(values);
    try {
      await options.onSuccess?.(result, body);
    } catch (err) {
      return present(err);
    }
    setSent(true);
    return true;
  }

  // The check runs before the form turns busy: a refusal the person can fix at once does not spin the button.
  const submit = async () => {
    if (sending.current) return false;
    setSent(false);
    const values = draft.values;
    const checked = v.safeParse(schema, options.body ? options.body(values) : values);
    const found: FieldErrors = checked.success ? {} : issuesToErrors(checked.issues);
    for (const key of Object.keys(found)) {
      const text = options.checkText?.(key);
      if (text) found[key] = [text];
    }
    for (const [key, messages = []] of Object.entries(options.check?.(values) ?? {})) if (messages.length) found[key] = [...(found[key] ?? []), ...messages];
    if (!checked.success || Object.keys(found).length) return fail(found, null, null);
    setErrors({});
    setFailure(null);
    sending.current = true;
    setBusy(true);
    try {
      return await deliver(checked.output, values);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return {
    ...draft,
    errors,
    setErrors,
    formErrors: [...(message ? [message] : []), ...unplaced],
    failure,
    busy,
    sent,
    submit,
    props: {
      ref,
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        void submit();
      },
    },
    field: (key) => ({ name: key, value: draft.values[key], onChange: (value) => draft.set(key, value), errors: errors[key] }),
    checkbox: (key) => ({ name: key, checked: draft.values[key] as boolean, onChange: (checked) => draft.set(key, checked as T[typeof key]), errors: errors[key] }),
  };
}
