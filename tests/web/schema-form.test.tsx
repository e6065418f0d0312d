// The one form layer (web/src/lib/schema-form.ts), rendered with the shared schemas and real ApiErrors from a stubbed
// fetch: the check's and the server's errors show at their fields, errors without a field on the form show at its
// level, the focus lands on the first invalid field, a second submit waits for the first, typed work is reported to
// the leave guard, and a failed connection reads as such.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '#shared/locales';
import { listItemCreateBody } from '#shared/schemas/admin.lists.schema';
import { changePasswordBody, profileBody } from '#shared/schemas/auth.schema';
import { FieldErrorList, TextField } from '../../web/src/components/Field';
import { client, unwrap } from '../../web/src/lib/client';
import { ensureAreaTexts, setLocale } from '../../web/src/lib/i18n';
import { useSchemaForm } from '../../web/src/lib/schema-form';
import { hasUnsavedChanges } from '../../web/src/lib/unsaved-changes';
import { setupDomTests, stubFetch } from './helpers';

setupDomTests();
// The validation messages are texts of the lazily loaded areas, as every form is.
beforeAll(() => ensureAreaTexts());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function NamesForm({ guard, onSaved = () => undefined }: { guard?: boolean; onSaved?: (body: { firstname: string; lastname: string }) => void }) {
  const form = useSchemaForm(profileBody, (body) => unwrap(client.users.me.$put({ json: body })), {
    initial: { firstname: '', lastname: '' },
    guard,
    onSuccess: (_, body) => onSaved(body),
  });
  return (
    <form {...form.props} data-testid="names-form">
      <TextField label="First name" {...form.field('firstname')} />
      <TextField label="Last name" {...form.field('lastname')} />
      {form.formErrors.length ? (
        <div role="alert" data-testid="form-errors">
          {form.formErrors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <p data-testid="code">{form.failure?.code ?? ''}</p>
      <button type="submit" aria-busy={form.busy || undefined}>
        Save
      </button>
    </form>
  );
}

/** The error text tied to a field through aria-describedby. */
function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('useSchemaForm', () => {
  it('checks with the shared schema before sending: its messages at their fields, the focus on the first, nothing sent', async () => {
    const { calls } = stubFetch({});
    render(<NamesForm />);
    await type('Last name', 'Muster');
    await save();
    const first = screen.getByLabelText('First name');
    expect(describedText(first)).toBe('Please enter your first name.');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(first);
    expect(screen.queryByTestId('form-errors')).toBeNull();
    expect(calls).toHaveLength(0);
    // A refusal the person can fix at once never made the form busy.
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull();
  });

  it('speaks the visitor’s language: the schema’s message keys are rendered in German', async () => {
    await setLocale('de');
    try {
      stubFetch({});
      render(<NamesForm />);
      await save();
      const first = screen.getByLabelText('First name');
      expect(describedText(first)).toBe('Bitte gib deinen Vornamen ein.');
    } finally {
      await setLocale('en');
    }
  });

  it('places the server’s field errors at their fields, the focus on the first in the order of the page, without the summary', async () => {
    stubFetch({
      '/v1/users/me': { status: 422, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { lastname: ['Not a name we can print.'] } } },
    });
    render(<NamesForm />);
    await type('First name', 'Anna');
    await type('Last name', 'Muster');
    await save();
    const last = screen.getByLabelText('Last name');
    await waitFor(() => expect(describedText(last)).toBe('Not a name we can print.'));
    expect(document.activeElement).toBe(last);
    expect(screen.queryByTestId('form-errors')).toBeNull();
    expect(screen.getByTestId('code').textContent).toBe('VALIDATION_FAILED');
  });

  it('shows errors for fields the form does not have at its level, and a failure without field errors as its message', async () => {
    const fetchMock = vi.fn(async () => json(422, { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { body: ['Unexpected field: nickname.'], lastname: ['Too plain.'] } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<NamesForm />);
    await type('First name', 'Anna');
    await type('Last name', 'Muster');
    await save();
    await waitFor(() => expect(screen.getByTestId('form-errors').textContent).toBe('Unexpected field: nickname.'));
    expect(describedText(screen.getByLabelText('Last name'))).toBe('Too plain.');

    fetchMock.mockImplementation(async () => json(409, { message: 'Your account is locked.', code: 'ACCOUNT_LOCKED' }));
    await save();
    await waitFor(() => expect(screen.getByTestId('form-errors').textContent).toBe('Your account is locked.'));
    expect(screen.getByTestId('code').textContent).toBe('ACCOUNT_LOCKED');
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBeNull();
  });

  it('says the server could not be reached when the request never arrives', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    render(<NamesForm />);
    await type('First name', 'Anna');
    await type('Last name', 'Muster');
    await save();
    await waitFor(() => expect(screen.getByTestId('form-errors').textContent).toBe('We could not reach the server. Check your connection and try again.'));
    expect(screen.getByTestId('code').textContent).toBe('NETWORK_ERROR');
  });

  it.each([
    ['de', 'Wir konnten den Server nicht erreichen. Prüfe deine Verbindung und versuche es noch einmal.'],
    ['fr', 'Nous n’avons pas pu joindre le serveur. Vérifiez votre connexion et réessayez.'],
  ] as const)('says so in the shared words of every screen (errors.network) in %s, also for a throw that is no refusal', async (locale, said) => {
    await setLocale(locale);
    try {
      vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
      const { unmount } = render(<NamesForm />);
      await type('First name', 'Anna');
      await type('Last name', 'Muster');
      await save();
      await waitFor(() => expect(screen.getByTestId('form-errors').textContent).toBe(said));
      expect(screen.getByTestId('code').textContent).toBe('NETWORK_ERROR');
      unmount();

      // Something thrown after the send that is not the server's refusal says the same, not a text of its own.
      stubFetch({ '/v1/users/me': { body: { data: {} } } });
      render(
        <NamesForm
          onSaved={() => {
            throw new TypeError('x is undefined');
          }}
        />,
      );
      await type('First name', 'Anna');
      await type('Last name', 'Muster');
      await save();
      await waitFor(() => expect(screen.getByTestId('form-errors').textContent).toBe(said));
    } finally {
      await setLocale('en');
    }
  });

  it('sends once while busy: a second submit is ignored until the first is answered', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn(async () => {
      await gate;
      return json(200, { data: { firstname: 'Anna', lastname: 'Muster' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    render(<NamesForm onSaved={onSaved} />);
    await type('First name', ' Anna ');
    await type('Last name', 'Muster');
    await save();
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true');
    await save();
    await act(async () => {
      fireEvent.submit(screen.getByTestId('names-form'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => release());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // The schema's output is what is sent: trimmed.
    expect(onSaved).toHaveBeenCalledWith({ firstname: 'Anna', lastname: 'Muster' });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ firstname: 'Anna', lastname: 'Muster' });
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull();
  });

  it('reports typed work to the leave guard until it is saved; guard: false keeps it out', async () => {
    stubFetch({ '/v1/users/me': { body: { data: {} } } });
    const { unmount } = render(<NamesForm />);
    expect(hasUnsavedChanges()).toBe(false);
    await type('First name', 'Anna');
    expect(hasUnsavedChanges()).toBe(true);
    await type('Last name', 'Muster');
    await save();
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    unmount();

    render(<NamesForm guard={false} />);
    await type('First name', 'Anna');
    expect(hasUnsavedChanges()).toBe(false);
  });
});

function ListForm() {
  const form = useSchemaForm(listItemCreateBody, (body) => unwrap(client.admin.lists.$post({ json: body })), {
    initial: { key: 'vegan', names: Object.fromEntries(LOCALES.map((l) => [l, 'Vegan'])) as Record<(typeof LOCALES)[number], string> },
    body: (values) => ({ kind: 'diet', ...values }),
  });
  return (
    <form {...form.props}>
      <TextField label="Key" {...form.field('key')} />
      {LOCALES.map((locale) => (
        <TextField
          key={locale}
          name={`names.${locale}`}
          label={`Name ${locale}`}
          value={form.values.names[locale]}
          onChange={(value) => form.update((v) => ({ names: { ...v.names, [locale]: value } }))}
          errors={form.errors[`names.${locale}`]}
        />
      ))}
      {/* One list for the position and its parts, as the menu editor shows its price tiers. */}
      <FieldErrorList name="position" errors={Object.entries(form.errors).flatMap(([key, messages]) => (key.startsWith('position') ? messages : []))} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm with dotted keys', () => {
  it('puts nested errors (names.fr) at their field and focuses it; a list for a key counts as its place', async () => {
    stubFetch({ '/v1/admin/lists': { status: 422, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { 'position.max': ['The position must be at most 1000.'] } } } });
    render(<ListForm />);
    await type('Name fr', ' ');
    await save();
    const fr = screen.getByLabelText('Name fr');
    expect(describedText(fr)).toBe('Please enter the French name.');
    expect(document.activeElement).toBe(fr);

    await type('Name fr', 'Végan');
    await save();
    // position.max has no field of its own: the list of position holds it, and gets the focus (no control).
    const list = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-field-error="position"]');
      if (!found) throw new Error('no list yet');
      return found;
    });
    expect(within(list).getByText('The position must be at most 1000.')).toBeTruthy();
    expect(document.activeElement).toBe(list);
  });
});

function PasswordForm() {
  const form = useSchemaForm(changePasswordBody, (body) => unwrap(client.users.me.change_password.$post({ json: body })), {
    initial: { old_password: '', password: '', confirm: '' },
    clear: true,
    body: ({ old_password, password }) => ({ old_password, password }),
    check: ({ password, confirm }) => (password === confirm ? {} : { confirm: ['The passwords do not match.'] }),
  });
  return (
    <form {...form.props}>
      <TextField label="Current" {...form.field('old_password')} />
      <TextField label="New" {...form.field('password')} />
      <TextField label="Confirm" {...form.field('confirm')} />
      <p data-testid="sent">{form.sent ? 'saved' : ''}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm with its own rules', () => {
  it('adds what the schema cannot see to its check, and a clearing form drops what was typed once it is saved', async () => {
    const { calls } = stubFetch({ '/v1/users/me/change_password': { body: { message: 'Your password was changed.' } } });
    render(<PasswordForm />);
    await type('Current', 'old-password');
    await type('New', 'new-password');
    await type('Confirm', 'new-passwort');
    await save();
    expect(describedText(screen.getByLabelText('Confirm'))).toBe('The passwords do not match.');
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm'));
    expect(calls).toHaveLength(0);

    await type('Confirm', 'new-password');
    await save();
    await waitFor(() => expect(screen.getByTestId('sent').textContent).toBe('saved'));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ old_password: 'old-password', password: 'new-password' });
    expect(['Current', 'New', 'Confirm'].map((label) => (screen.getByLabelText(label) as HTMLInputElement).value)).toEqual(['', '', '']);
    expect(hasUnsavedChanges()).toBe(false);
  });
});
