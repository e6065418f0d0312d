// The chef application (me/becomechef) and the become-a-chef page: the progress rail shows each step complete or
// not, submission stays blocked with the missing items listed in words, a complete application is submitted, a
// returned one shows the reviewer's reason; the landing page's call to action depends on who is looking.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ChefApplicationPage from '../../web/src/features/onboarding/ChefApplicationPage';
import BecomeChefPage from '../../web/src/features/onboarding/BecomeChefPage';
import { documentProblem, DocumentsStep } from '../../web/src/features/onboarding/steps/DocumentsStep';
import { PersonalStep } from '../../web/src/features/onboarding/steps/PersonalStep';
import { commissionBpOf, DEFAULT_COMMISSION_BP, earningsExample } from '../../web/src/features/onboarding/earnings';
import { firstOpenStep, railSteps } from '../../web/src/features/onboarding/steps';
import { BECOME_CHEF_INTENT_KEY } from '../../web/src/state/session';
import { describedText, givenChef, onboarding, ownProfile, press, renderFresh, setupChefTests, stubApi } from './chef-fixtures';
import { givenSession, sessionResponse, signedInUser } from './helpers';

setupChefTests();

const rail = () => screen.findByTestId('progress-rail');
const stepButton = (root: HTMLElement, key: string) => root.querySelector<HTMLButtonElement>(`[data-step="${key}"]`)!;

describe('application steps', () => {
  it('counts account and start from the session and the chef, and submit once the application is sent', () => {
    const none = railSteps({ signedIn: true, server: null });
    expect(none.map((s) => [s.key, s.complete])).toEqual([
      ['account', true],
      ['start', false],
      ['personal', false],
      ['location', false],
      ['profile', false],
      ['documents', false],
      ['menu', false],
      ['payout', false],
      ['submit', false],
    ]);
    const state = onboarding({ documents: ['id_document'] });
    const steps = railSteps({ signedIn: true, server: state });
    expect(steps.find((s) => s.key === 'start')!.complete).toBe(true);
    expect(steps.find((s) => s.key === 'documents')).toEqual({ key: 'documents', complete: false, missing: ['id_document'] });
    expect(firstOpenStep(steps)).toBe('documents');
    expect(railSteps({ signedIn: true, server: onboarding({}, 'Onboarded') }).at(-1)!.complete).toBe(true);
  });
});

describe('the application screen', () => {
  it('shows every step in the rail as complete or not, and opens the first open one', async () => {
    givenChef(0);
    stubApi({
      '/v1/chefs/me': { body: { data: ownProfile({ status: 0, status_name: 'New' }) } },
      '/v1/chefs/me/onboarding': { body: { data: onboarding({ personal: ['phone_verified'], documents: ['id_document', 'liability_insurance'], payout: ['payout_details'] }) } },
      '/v1/users/me/attachments': { body: { data: [] } },
    });
    renderFresh('/account/me/becomechef', <ChefApplicationPage />);
    const nav = await rail();
    await waitFor(() => expect(stepButton(nav, 'personal')).toBeTruthy());
    const state = (key: string) => stepButton(nav, key).getAttribute('data-complete');
    expect(['account', 'start', 'location', 'profile', 'menu'].map(state)).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(['personal', 'documents', 'payout', 'submit'].map(state)).toEqual(['false', 'false', 'false', 'false']);
    expect(within(nav).getByText('5 of 9 steps complete')).toBeTruthy();
    // Resumes at the first open step, saying what it lacks.
    expect(stepButton(nav, 'personal').getAttribute('aria-current')).toBe('step');
    expect(within(await screen.findByTestId('step-missing')).getByText('Verify your mobile number with the SMS code.')).toBeTruthy();
  });

  it('blocks the submission and lists the missing items of every open step in words', async () => {
    givenChef(0);
    const api = stubApi({
      '/v1/chefs/me': { body: { data: ownProfile({ status: 0, status_name: 'New' }) } },
      '/v1/chefs/me/onboarding': { body: { data: onboarding({ profile: ['bio', 'avatar'], documents: ['hygiene_certificate'], menu: ['menu'] }) } },
    });
    renderFresh('/account/me/becomechef?step=submit', <ChefApplicationPage />);
    const blocked = await screen.findByTestId('submit-blocked');
    expect(within(blocked).getByText('You can submit once these steps are complete (still open: 3).')).toBeTruthy();
    expect(within(screen.getByTestId('missing-profile')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Write a bio of at least 50 characters.',
      'Upload a profile picture.',
    ]);
    expect(within(screen.getByTestId('missing-documents')).getByText('Upload your food hygiene certificate.')).toBeTruthy();
    expect(within(screen.getByTestId('missing-menu')).getByText(/Create a menu with a name, at least 3 courses/)).toBeTruthy();
    const submit = screen.getByTestId('submit-application') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(api.sent('POST', '/v1/chefs/me/submit')).toHaveLength(0);
  });

  it('submits a complete application', async () => {
    givenChef(0);
    let submitted = false;
    const api = stubApi({
      '/v1/chefs/me': () => ({ body: { data: ownProfile(submitted ? { status: 3, status_name: 'Onboarded', submitted_at: '2026-03-01T10:00:00.000Z' } : { status: 0, status_name: 'New' }) } }),
      '/v1/chefs/me/onboarding': () => ({ body: { data: onboarding({}, submitted ? 'Onboarded' : 'New') } }),
      'POST /v1/chefs/me/submit': () => {
        submitted = true;
        return { body: { message: 'Your application was submitted for review.' } };
      },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }) },
    });
    renderFresh('/account/me/becomechef?step=submit', <ChefApplicationPage />);
    expect(await screen.findByText('Everything is complete. Submit your application for review.')).toBeTruthy();
    await press(document.body, 'Submit application');
    expect(api.sent('POST', '/v1/chefs/me/submit')).toHaveLength(1);
    expect(await screen.findByText('Thank you! Your application was submitted for review.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('application-status').getAttribute('data-status')).toBe('Onboarded'));
    expect(within(screen.getByTestId('application-status')).getByText('Status: Under review')).toBeTruthy();
  });

  it('shows the reviewer’s reason of a returned application and offers to submit again', async () => {
    givenChef(-2);
    stubApi({
      '/v1/chefs/me': { body: { data: ownProfile({ status: -2, status_name: 'OnboardingFailed', rejection_reason: 'Please upload a readable hygiene certificate.' }) } },
      '/v1/chefs/me/onboarding': { body: { data: onboarding({}, 'OnboardingFailed') } },
    });
    renderFresh('/account/me/becomechef?step=submit', <ChefApplicationPage />);
    const reason = await screen.findByTestId('rejection-reason');
    expect(reason.textContent).toContain('Please upload a readable hygiene certificate.');
    expect(reason.textContent).toContain('submit your application again');
    expect((screen.getByRole('button', { name: 'Submit again' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('starts the application for a signed-in user without a chef profile', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    let started = false;
    const api = stubApi({
      '/v1/chefs/me': () => (started ? { body: { data: ownProfile({ status: 0, status_name: 'New' }) } } : { status: 404, body: { message: 'You have no chef profile yet.', code: 'NOT_A_CHEF' } }),
      '/v1/chefs/me/onboarding': { body: { data: onboarding({ personal: ['phone_verified'] }) } },
      'POST /v1/chefs': () => {
        started = true;
        return { status: 201, body: { data: ownProfile({ status: 0, status_name: 'New' }) } };
      },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }) },
    });
    renderFresh('/account/me/becomechef', <ChefApplicationPage />);
    await screen.findByTestId('step-start');
    await press(document.body, 'Start my application');
    expect(api.sent('POST', '/v1/chefs')[0]!.body).toEqual({});
    expect(await screen.findByTestId('step-personal')).toBeTruthy();
  });
});

describe('the become-a-chef page', () => {
  it('sets the intent flag and sends a visitor to sign up', async () => {
    givenSession(sessionResponse());
    const { location } = renderFresh('/become-a-chef', <BecomeChefPage />);
    const cta = screen.getByTestId('become-chef-cta');
    expect(cta.textContent).toBe('Apply as a chef');
    await act(async () => {
      fireEvent.click(cta);
    });
    expect(localStorage.getItem(BECOME_CHEF_INTENT_KEY)).toBe('true');
    expect(location.history!.at(-1)).toBe('/register');
  });

  it('starts the application of a signed-in user and opens it', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const api = stubApi({
      'POST /v1/chefs': { status: 201, body: { data: ownProfile({ status: 0, status_name: 'New' }) } },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }) },
    });
    const { location } = renderFresh('/become-a-chef', <BecomeChefPage />);
    const cta = screen.getByTestId('become-chef-cta');
    expect(cta.textContent).toBe('Start my application');
    await act(async () => {
      fireEvent.click(cta);
    });
    await waitFor(() => expect(location.history!.at(-1)).toBe('/account/me/becomechef'));
    expect(api.sent('POST', '/v1/chefs')).toHaveLength(1);
  });

  it('computes the earnings example with the commission from the app configuration, 15 % by default', async () => {
    expect(commissionBpOf(null)).toBe(DEFAULT_COMMISSION_BP);
    expect(commissionBpOf({ commission_bp: 1200 })).toBe(1200);
    const q = earningsExample({ pricePerPerson: 9500, guests: 6, currency: 'CHF', app: { service_fee_bp: 500 } });
    expect([q.subtotal, q.commission, q.chef_earnings]).toEqual([57000, 8550, 48450]);

    givenSession(sessionResponse());
    renderFresh('/become-a-chef', <BecomeChefPage />);
    const example = await screen.findByTestId('earnings-example');
    expect(example.textContent).toContain('Platform commission (15 %)');
    expect(screen.getByTestId('earnings-amount').textContent).toMatch(/484\.50/);
    expect(example.textContent).toContain('service fee of 5 %');
  });
});

describe('the documents step', () => {
  it('refuses a wrong type or a too large file at the file, before uploading', async () => {
    expect(documentProblem({ name: 'id.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(documentProblem({ name: 'scan.jpg', type: '', size: 1000 })).toBeNull();
    expect(documentProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('type');
    expect(documentProblem({ name: 'big.pdf', type: 'application/pdf', size: 9 * 1024 * 1024 })).toBe('size');

    givenChef(0);
    const api = stubApi({
      '/v1/users/me/attachments': {
        body: { data: [{ id: 3, kind: 'id_document', filename: 'passport.pdf', content_type: 'application/pdf', size: 120_000, created_at: '2026-03-01T10:00:00.000Z', download_url: '/v1/users/me/attachments/3/download' }] },
      },
    });
    renderFresh('/account/me/becomechef?step=documents', <DocumentsStep />);
    const id = await screen.findByTestId('document-id_document');
    expect(within(id).getByRole('link', { name: 'passport.pdf' }).getAttribute('href')).toBe('/v1/users/me/attachments/3/download');
    expect(within(id).getByText('Uploaded')).toBeTruthy();

    const hygiene = screen.getByTestId('document-hygiene_certificate');
    const input = within(hygiene).getByTestId('document-input-hygiene_certificate');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'.repeat(10)], 'certificate.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })] } });
    });
    expect(describedText(input)).toContain('This file type is not accepted. Upload a PDF, JPEG, PNG or WebP file.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
