// The steps of a chef application in the order the onboarding screens walk them (PRODUCT "Chef onboarding"); the
// server reports each one's state under these keys.
export const ONBOARDING_STEPS = ['account', 'personal', 'location', 'profile', 'documents', 'menu', 'payout'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
