// Typed work is never lost without asking: the chef application keeps what was typed in a step while the chef moves
// between steps; the menu editor and the long forms ask (in the app's language) before in-app navigation leaves
// them with unsaved changes, so do the browser's Back and Forward buttons, the browser asks before the site is left,
// and nothing asks once the work is saved. The admin console's dialogs ask before typed text is closed away.
// Rendered with the app's real router set-up: the browser location, the guard as aroundNav and the history guard.
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import de from '../../i18n/de.json';
import deCh from '../../i18n/de-ch.json';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import it_ from '../../i18n/it.json';
import PersonalDetailsPage from '../../web/src/features/account/PersonalDetailsPage';
import AdminSettingsPage, { type AdminSettings } from '../../web/src/features/admin/AdminSettingsPage';
import { AdminListsEditor } from '../../web/src/features/admin/AdminListsEditor';
import { ChefStatusDialog } from '../../web/src/features/admin/ChefStatusDialog';
import { HideImageDialog } from '../../web/src/features/admin/HideImageDialog';
import MenuEditorPage from '../../web/src/features/chef-area/MenuEditorPage';
import ChefApplicationPage from '../../web/src/features/onboarding/ChefApplicationPage';
import { useFormDraft } from '../../web/src/lib/form-draft';
import { setLocale } from '../../web/src/lib/i18n';
import { browser, confirmLeavingUnsaved, guardHistory, guardNavigation, hasUnsavedChanges, leaveTo, markUnsaved } from '../../web/src/lib/unsaved-changes';
import { givenChef, onboarding, ownMenu, ownProfile, press, setupChefTests, stubApi, type, vocabularyRoutes } from './chef-fixtures';
import { givenSession, sessionResponse, signedInUser } from './helpers';

setupChefTests();

function renderGuarded(path: string, ui: ReactElement) {
  window.history.replaceState(null, '', path);
  guardHistory();
  return render(
    <Router aroundNav={guardNavigation}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </Router>,
  );
}

/** Answers the leave question; returns the questions asked. */
function answerLeave(leave: boolean) {
  const confirm = vi.fn((_question?: string) => leave);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

/** Whether the browser would ask before the page is closed or reloaded. */
function browserAsksBeforeUnload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const clickLink = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('link', { name }));
  });
};

const LEAVE_TEXT = 'You have changes that are not saved. Leave this page and lose them?';

describe('the leave question', () => {
  it('is asked in the language of the app, in all five locales', async () => {
    const texts = { de, 'de-ch': deCh, en, fr, it: it_ } as const;
    markUnsaved('test-form', true);
    try {
      for (const [locale, table] of Object.entries(texts)) {
        await setLocale(locale as keyof typeof texts, { persist: false });
        const asked = answerLeave(false);
        expect(confirmLeavingUnsaved()).toBe(false);
        expect(asked).toHaveBeenLastCalledWith(table.common.unsavedchanges);
      }
    } finally {
      await setLocale('en', { persist: false });
    }
    expect(hasUnsavedChanges()).toBe(true);
    answerLeave(true);
    expect(confirmLeavingUnsaved()).toBe(true);
    expect(hasUnsavedChanges()).toBe(false);
  });
});

describe("the app's own full-page navigations (an OAuth provider, the payment checkout)", () => {
  /** Leaves through leaveTo; returns whether the browser asked as the page went (a cancelled beforeunload). */
  function leave(): { left: boolean; browserAsked: boolean } {
    let browserAsked = false;
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {
      browserAsked = browserAsksBeforeUnload();
    });
    leaveTo('https://accounts.google.com/o/oauth2/auth');
    const left = assign.mock.calls.length > 0;
    assign.mockRestore();
    return { left, browserAsked };
  }

  it('pass without any question when the unsaved work is stored and comes back', () => {
    markUnsaved('booking-form', true, true);
    const asked = answerLeave(false);
    expect(leave()).toEqual({ left: true, browserAsked: false });
    expect(asked).not.toHaveBeenCalled();
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('ask first, in the app\'s words, when some work lives only in this page view, and stay when declined', async () => {
    markUnsaved('booking-form', true, true);
    markUnsaved('menu-editor', true);
    const asked = answerLeave(false);
    expect(leave()).toEqual({ left: false, browserAsked: false });
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    answerLeave(true);
    expect(leave()).toEqual({ left: true, browserAsked: false });
    // Once under way, the guard holds again for whatever comes next (the navigation did not unload the page here).
    await new Promise((resolve) => setTimeout(resolve));
    expect(browserAsksBeforeUnload()).toBe(true);
  });
});

describe('a form draft', () => {
  it('is unsaved while a field differs from its saved value; newer saved values never overwrite what was typed', () => {
    const { result } = renderHook(() => useFormDraft({ fee: '5', commission: '15' }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('fee', '6'));
    expect(result.current).toMatchObject({ dirty: true, values: { fee: '6', commission: '15' } });
    expect(hasUnsavedChanges()).toBe(true);

    // A reload brings another admin's commission: it shows, the typed fee stays.
    act(() => result.current.setBase({ fee: '5', commission: '18' }));
    expect(result.current).toMatchObject({ dirty: true, values: { fee: '6', commission: '18' } });

    // Saved while more was typed: only what was sent counts as saved.
    act(() => {
      const sent = result.current.values;
      result.current.set('commission', '20');
      result.current.saved(sent);
    });
    expect(result.current).toMatchObject({ dirty: true, values: { fee: '6', commission: '20' } });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ dirty: false, values: { fee: '6', commission: '18' } });
    expect(hasUnsavedChanges()).toBe(false);
  });
});

describe('the menu editor', () => {
  const menuRoutes = () => ({
    ...vocabularyRoutes,
    '/v1/chefs/me': { body: { data: ownProfile() } },
    '/v1/chefs/me/menus/41': { body: { data: ownMenu() } },
    'PUT /v1/chefs/me/menus/41': ({ body }: { body: unknown }) => ({ body: { data: { ...ownMenu(), name: (body as { name: string }).name } } }),
  });

  it('asks before a link leaves unsaved changes, and stays when the chef says no', async () => {
    givenChef();
    stubApi(menuRoutes());
    renderGuarded('/account/me/menumanagement/41', <MenuEditorPage params={{ menuId: '41' }} />);
    const name = (await screen.findByLabelText(/^Name of the menu/)) as HTMLInputElement;

    // Nothing typed: leaving asks nothing.
    const asked = answerLeave(false);
    expect(browserAsksBeforeUnload()).toBe(false);
    await type(name, 'Autumn in Ticino, revised');
    expect(browserAsksBeforeUnload()).toBe(true);

    await clickLink('All menus');
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    expect(window.location.pathname).toBe('/account/me/menumanagement/41');
    expect((screen.getByLabelText(/^Name of the menu/) as HTMLInputElement).value).toBe('Autumn in Ticino, revised');

    answerLeave(true);
    await clickLink('All menus');
    expect(window.location.pathname).toBe('/account/me/menumanagement');
    expect(browserAsksBeforeUnload()).toBe(false);
  });

  it('asks nothing once the changes are saved, or typed back to what was saved', async () => {
    givenChef();
    const api = stubApi(menuRoutes());
    renderGuarded('/account/me/menumanagement/41', <MenuEditorPage params={{ menuId: '41' }} />);
    const name = (await screen.findByLabelText(/^Name of the menu/)) as HTMLInputElement;
    const saved = name.value;
    await type(name, 'Something else');
    await type(name, saved);
    expect(browserAsksBeforeUnload()).toBe(false);

    await type(name, 'Autumn in Ticino, revised');
    await press(screen.getByTestId('menu-editor'), 'Save menu');
    await waitFor(() => expect(api.sent('PUT', '/v1/chefs/me/menus/41')).toHaveLength(1));
    await screen.findByText('The menu was saved.');
    const asked = answerLeave(false);
    await clickLink('All menus');
    expect(asked).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/account/me/menumanagement');
  });
});

describe("the browser's Back and Forward buttons", () => {
  const EDITOR = '/account/me/menumanagement/41';
  const LIST = '/account/me/menumanagement';

  /** The menu editor under the app's routes: the page shown is the router's, so a declined Back shows no other page. */
  function renderEditorRoutes() {
    givenChef();
    stubApi({
      ...vocabularyRoutes,
      '/v1/chefs/me': { body: { data: ownProfile() } },
      '/v1/chefs/me/menus/41': { body: { data: ownMenu() } },
    });
    return renderGuarded(
      LIST,
      <Switch>
        <Route path={EDITOR}>
          <MenuEditorPage params={{ menuId: '41' }} />
        </Route>
        <Route>
          <p>The menu list</p>
        </Route>
      </Switch>,
    );
  }

  const browser = async (move: 'back' | 'forward') => {
    await act(async () => {
      window.history[move]();
    });
  };

  it('Back asks before it leaves unsaved changes in the menu editor; staying keeps the page and the typing', async () => {
    renderEditorRoutes();
    const asked = answerLeave(false);
    act(() => guardNavigationTo(EDITOR));
    await type(await screen.findByLabelText(/^Name of the menu/), 'Autumn in Ticino, revised');

    await browser('back');
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    await waitFor(() => expect(window.location.pathname).toBe(EDITOR));
    expect((screen.getByLabelText(/^Name of the menu/) as HTMLInputElement).value).toBe('Autumn in Ticino, revised');
    expect(screen.queryByText('The menu list')).toBeNull();
    expect(browserAsksBeforeUnload()).toBe(true);

    // Asked again the next time, and leaving now leaves: the list shows and nothing is guarded any more.
    answerLeave(true);
    await browser('back');
    await waitFor(() => expect(window.location.pathname).toBe(LIST));
    expect(await screen.findByText('The menu list')).toBeTruthy();
    expect(browserAsksBeforeUnload()).toBe(false);
  });

  it('Forward asks too, and Back or Forward with nothing unsaved asks nothing', async () => {
    renderEditorRoutes();
    const asked = answerLeave(false);
    act(() => guardNavigationTo(EDITOR));
    await screen.findByLabelText(/^Name of the menu/);
    await browser('back');
    await screen.findByText('The menu list');
    await browser('forward');
    const name = await screen.findByLabelText(/^Name of the menu/);
    expect(asked).not.toHaveBeenCalled();

    // Back to the list, then Forward into the editor: typing there and pressing Back again is declined.
    await type(name, 'Autumn in Ticino, revised');
    await browser('back');
    expect(asked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.location.pathname).toBe(EDITOR));

    // A page further on: Forward from the editor asks as well, and staying keeps it.
    answerLeave(true);
    act(() => guardNavigationTo(LIST));
    await screen.findByText('The menu list');
    await browser('back');
    const again = answerLeave(false);
    await type(await screen.findByLabelText(/^Name of the menu/), 'Chestnut dinner');
    await browser('forward');
    expect(again).toHaveBeenCalledWith(LEAVE_TEXT);
    await waitFor(() => expect(window.location.pathname).toBe(EDITOR));
    expect((screen.getByLabelText(/^Name of the menu/) as HTMLInputElement).value).toBe('Chestnut dinner');
  });
});

describe('the admin dialogs', () => {
  const escape = async () => {
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
  };

  it('hiding a picture: closing with a typed reason asks first, and staying keeps the reason', async () => {
    const onClose = vi.fn();
    render(<HideImageDialog imageId={7} onClose={onClose} onDone={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    // Nothing typed: closing asks nothing.
    const asked = answerLeave(false);
    await press(dialog, 'Keep it');
    expect(asked).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);

    await type(within(dialog).getByLabelText('Reason'), 'The picture shows a phone number.');
    expect(browserAsksBeforeUnload()).toBe(true);
    await press(dialog, 'Keep it');
    await escape();
    await act(async () => {
      fireEvent.click(screen.getByTestId('modal-backdrop'));
    });
    expect(asked).toHaveBeenCalledTimes(3);
    expect(asked).toHaveBeenLastCalledWith(LEAVE_TEXT);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('The picture shows a phone number.');

    answerLeave(true);
    await press(dialog, 'Close');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('blocking a chef: a typed note is guarded, the suggested message for customers is not', async () => {
    const onCancel = vi.fn();
    const view = render(<ChefStatusDialog action="ban" name="Anna Muster" upcoming={[]} send={async () => undefined} onDone={() => undefined} onCancel={onCancel} />);
    const asked = answerLeave(false);
    await type(screen.getByLabelText('Note for the audit log (optional)'), 'Fake documents');
    await escape();
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    expect(onCancel).not.toHaveBeenCalled();
    // Leaving the page with the dialog open asks as well.
    expect(browserAsksBeforeUnload()).toBe(true);
    answerLeave(true);
    await press(screen.getByRole('dialog'), 'Cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(browserAsksBeforeUnload()).toBe(false);
  });

  it('an add/edit form in a dialog asks once something differs from what it opened with', async () => {
    const onClose = vi.fn();
    render(<AdminListsEditor kind="diet" kindLabel="admin.lists.kinds.diet" item={null} nextPosition={4} onClose={onClose} onSaved={() => undefined} />);
    const asked = answerLeave(false);
    await escape();
    expect(asked).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    await type(screen.getByLabelText('Key'), 'halal');
    await escape();
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the chef application', () => {
  const BIO = 'I cook the food of the Ticino valleys: risotto, polenta and chestnuts, for families and friends.';

  function applicationRoutes() {
    return {
      ...vocabularyRoutes,
      '/v1/chefs/me': { body: { data: ownProfile({ status: 0, status_name: 'New', profile_bio: '' }) } },
      '/v1/chefs/me/onboarding': { body: { data: onboarding({ profile: ['bio'], documents: ['id_document'] }) } },
      '/v1/users/me/attachments': { body: { data: [] } },
      '/v1/chefs/me/payout-details': { body: { data: null } },
      '/v1/chefs/me/menus': { body: { data: [] } },
    };
  }

  it('keeps the bio typed in Profile after "Next: Documents" and back, and asks before the application is left', async () => {
    givenChef(0);
    stubApi(applicationRoutes());
    renderGuarded('/account/me/becomechef?step=profile', <ChefApplicationPage />);
    await type(await screen.findByLabelText('About you'), BIO);

    const asked = answerLeave(false);
    await press(document.body, /Next: Documents/);
    expect(await screen.findByTestId('step-documents')).toBeTruthy();
    // Moving between steps is not leaving.
    expect(asked).not.toHaveBeenCalled();
    expect(browserAsksBeforeUnload()).toBe(true);

    await press(document.body, /← Profile/);
    expect(((await screen.findByLabelText('About you')) as HTMLTextAreaElement).value).toBe(BIO);

    // Another page of the chef area is leaving: asked, and staying keeps the text.
    await clickLink('Menus');
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    expect(window.location.pathname).toBe('/account/me/becomechef');
    expect((screen.getByLabelText('About you') as HTMLTextAreaElement).value).toBe(BIO);
  });

  it('keeps a draft of a step left for another one until it is saved', async () => {
    givenChef(0);
    const api = stubApi({ ...applicationRoutes(), 'PUT /v1/chefs/me': ({ body }) => ({ body: { data: ownProfile({ status: 0, status_name: 'New', ...(body as object) }) } }) });
    renderGuarded('/account/me/becomechef?step=profile', <ChefApplicationPage />);
    await type(await screen.findByLabelText('About you'), BIO);
    await press(document.body, /Next: Documents/);
    await screen.findByTestId('step-documents');
    // The draft, not only the mounted form, is unsaved work.
    const asked = answerLeave(false);
    await clickLink('Menus');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/account/me/becomechef');

    await press(document.body, /← Profile/);
    await press(await screen.findByTestId('profile-form'), 'Save');
    await waitFor(() => expect(api.sent('PUT', '/v1/chefs/me')[0]!.body).toMatchObject({ profile_bio: BIO }));
    await screen.findByText('Your profile was saved.');
    expect(browserAsksBeforeUnload()).toBe(false);
    // (Rendered alone, the application page pins its step again right after; the navigation itself went through.)
    const pushed = vi.spyOn(window.history, 'pushState');
    await clickLink('Menus');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(pushed.mock.calls.map((call) => call[2])).toContain('/account/me/menumanagement');
  });

  it('reopens a first menu typed in the menu step, with what was typed', async () => {
    givenChef(0);
    stubApi(applicationRoutes());
    renderGuarded('/account/me/becomechef?step=menu', <ChefApplicationPage />);
    await type(await screen.findByLabelText(/^Name of the menu/), 'Chestnut dinner');
    await press(document.body, /Next: Payout details/);
    await press(document.body, /← First menu/);
    expect(((await screen.findByLabelText(/^Name of the menu/)) as HTMLInputElement).value).toBe('Chestnut dinner');
  });

  it('keeps the account holder and IBAN typed for payouts, never the password', async () => {
    givenChef(0);
    stubApi(applicationRoutes());
    renderGuarded('/account/me/becomechef?step=payout', <ChefApplicationPage />);
    const form = await screen.findByTestId('payout-details-form');
    // A typed password alone is no work to lose.
    await type(within(form).getByLabelText(/password/i), 'secret-password');
    expect(browserAsksBeforeUnload()).toBe(false);
    await type(within(form).getByLabelText('Account holder'), 'Anna Muster');
    await type(within(form).getByLabelText('IBAN'), 'CH93 0076 2011 6238 5295 7');
    expect(browserAsksBeforeUnload()).toBe(true);
    await press(document.body, /Next: Submit/);
    await press(document.body, /← Payout details/);
    const again = await screen.findByTestId('payout-details-form');
    expect((within(again).getByLabelText('Account holder') as HTMLInputElement).value).toBe('Anna Muster');
    expect((within(again).getByLabelText('IBAN') as HTMLInputElement).value).toBe('CH93 0076 2011 6238 5295 7');
    expect((within(again).getByLabelText(/password/i) as HTMLInputElement).value).toBe('');
  });
});

describe('the long forms', () => {
  it('personal details: unsaved names are asked about before leaving the page or the site', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubApi({ '/v1/users/me': { body: { data: { ...signedInUser(), phone: null, phone_verified: false, email_verified: true } } } });
    renderGuarded('/account/me/personal-details', <PersonalDetailsPage />);
    await type(await screen.findByLabelText('First name'), 'Annabelle');
    expect(browserAsksBeforeUnload()).toBe(true);
    const asked = answerLeave(false);
    act(() => {
      guardNavigationTo('/account/me');
    });
    expect(asked).toHaveBeenCalledWith(LEAVE_TEXT);
    expect(window.location.pathname).toBe('/account/me/personal-details');
  });

  it('admin settings: typed values are guarded until saved', async () => {
    const settings: AdminSettings = {
      service_fee_bp: 500,
      commission_bp: 1500,
      currency_rates: { CHF: 1, EUR: 1.05, USD: 1.12, GBP: 0.89 },
      launch_mode: 'live',
      company: { name: '', street: '', postcode: '', city: '', country: '', vatId: '', iban: '', bic: '', email: '' },
      currencies: ['CHF', 'EUR', 'USD', 'GBP'],
      changes: {},
    };
    stubApi({
      '/v1/admin/settings': { body: { data: settings } },
      'PUT /v1/admin/settings': ({ body }) => ({ body: { changed: ['service_fee_bp'], data: { ...settings, ...(body as object) } } }),
    });
    renderGuarded('/ylcadmin/settings', <AdminSettingsPage />);
    const fee = (await screen.findByLabelText('Service fee')) as HTMLInputElement;
    expect(browserAsksBeforeUnload()).toBe(false);
    await type(fee, '6,5');
    expect(browserAsksBeforeUnload()).toBe(true);
    await press(screen.getByTestId('settings-form'), 'Save settings');
    await waitFor(() => expect(browserAsksBeforeUnload()).toBe(false));
    // The server's value is shown as saved.
    expect((screen.getByLabelText('Service fee') as HTMLInputElement).value).toBe('6.5');
  });
});

/** An in-app navigation as the app's navigate() makes it (through the router's aroundNav). */
function guardNavigationTo(to: string) {
  guardNavigation((path, options) => window.history.pushState(options?.state ?? null, '', path), to);
}
