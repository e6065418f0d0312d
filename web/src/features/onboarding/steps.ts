// The application's steps as the screen shows them (PRODUCT "Chef onboarding"): the two the client knows about
// (account, start) around the ones the server checks (GET /v1/chefs/me/onboarding), plus the submission; and the
// translation keys of every missing-item code the server reports.
import type { OnboardingStep } from '#shared/onboarding-steps';
import { tk } from '../../lib/i18n';

export type StepKey = 'account' | 'start' | Exclude<OnboardingStep, 'account'> | 'submit';

export const STEP_ORDER: readonly StepKey[] = ['account', 'start', 'personal', 'location', 'profile', 'documents', 'menu', 'payout', 'submit'];

export const STEP_KEYS: Record<StepKey, { title: string; text: string }> = {
  account: { title: tk('onboarding.steps.account.title'), text: tk('onboarding.steps.account.text') },
  start: { title: tk('onboarding.steps.start.title'), text: tk('onboarding.steps.start.text') },
  personal: { title: tk('onboarding.steps.personal.title'), text: tk('onboarding.steps.personal.text') },
  location: { title: tk('onboarding.steps.location.title'), text: tk('onboarding.steps.location.text') },
  profile: { title: tk('onboarding.steps.profile.title'), text: tk('onboarding.steps.profile.text') },
  documents: { title: tk('onboarding.steps.documents.title'), text: tk('onboarding.steps.documents.text') },
  menu: { title: tk('onboarding.steps.menu.title'), text: tk('onboarding.steps.menu.text') },
  payout: { title: tk('onboarding.steps.payout.title'), text: tk('onboarding.steps.payout.text') },
  submit: { title: tk('onboarding.steps.submit.title'), text: tk('onboarding.steps.submit.text') },
};

/** chef-onboarding.service MISSING codes → the sentence the chef reads. */
export const MISSING_KEYS: Record<string, string> = {
  firstname: tk('onboarding.missing.firstname'),
  lastname: tk('onboarding.missing.lastname'),
  phone_verified: tk('onboarding.missing.phone_verified'),
  address: tk('onboarding.missing.address'),
  home_region: tk('onboarding.missing.home_region'),
  coordinates: tk('onboarding.missing.coordinates'),
  travel_radius: tk('onboarding.missing.travel_radius'),
  regions: tk('onboarding.missing.regions'),
  bio: tk('onboarding.missing.bio'),
  avatar: tk('onboarding.missing.avatar'),
  cuisines: tk('onboarding.missing.cuisines'),
  languages: tk('onboarding.missing.languages'),
  id_document: tk('onboarding.missing.id_document'),
  hygiene_certificate: tk('onboarding.missing.hygiene_certificate'),
  liability_insurance: tk('onboarding.missing.liability_insurance'),
  menu: tk('onboarding.missing.menu'),
  payout_details: tk('onboarding.missing.payout_details'),
};

export type RailStep = { key: StepKey; complete: boolean; missing: string[] };

/**
 * The nine steps with their state: account is done when signed in, start once the chef exists, submit once the
 * application left New/OnboardingFailed; the rest as the server reports them.
 */
export function railSteps(input: {
  signedIn: boolean;
  server: { steps: { key: string; complete: boolean; missing: string[] }[]; status_name: string } | null;
}): RailStep[] {
  const byKey = new Map((input.server?.steps ?? []).map((s) => [s.key, s]));
  const submitted = input.server ? !['New', 'OnboardingFailed'].includes(input.server.status_name) : false;
  return STEP_ORDER.map((key) => {
    if (key === 'account') return { key, complete: input.signedIn, missing: [] };
    if (key === 'start') return { key, complete: input.server != null, missing: [] };
    if (key === 'submit') return { key, complete: submitted, missing: [] };
    const s = byKey.get(key);
    return { key, complete: Boolean(s?.complete), missing: s?.missing ?? [] };
  });
}

/** Where to resume: the first step that is not complete (submit when everything is). */
export const firstOpenStep = (steps: RailStep[]): StepKey => steps.find((s) => !s.complete)?.key ?? 'submit';
