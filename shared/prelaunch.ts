// Prelaunch mode (PRODUCT.md "Launch mode", seed §2 "Route guard"): before launch a visitor may open only these
// client routes, and the API gives visitors only what these screens need. Shared by the client's route guard
// (web/src/app/guard.ts) and the server (the sitemap, launch-gate.middleware.ts), so both apply the same list.

/** Public pages: chef onboarding, help, about us and the seed's five content pages. The prelaunch sitemap lists these. */
export const PRELAUNCH_PUBLIC_PAGES: readonly string[] = [
  '/become-a-chef',
  '/help',
  '/aboutus',
  '/page/contact',
  '/page/foodsafety',
  '/page/termsconditions',
  '/page/privacypolicy',
  '/page/legalnotice',
];

/** Chef profiles and their menus (their URLs come from the database). */
export const PRELAUNCH_CHEF_PAGES: readonly string[] = ['/chefs/:uri', '/chefs/:uri/menu/:menuId'];

/**
 * Signing in and up, recovery, and the account pages the seed names (account home, personal details, login
 * security), which show a visitor a sign-in prompt. Plus one route the seed does not list: the return from Apple,
 * Google or Meta (/auth/external), where a visitor is not signed in until that page completes it.
 */
export const PRELAUNCH_ACCOUNT_PAGES: readonly string[] = [
  '/login',
  '/register',
  '/auth/recovery',
  '/auth/external',
  '/account',
  '/account/me',
  '/account/me/personal-details',
  '/account/me/login-security',
];

/** The newsletter's confirmation and unsubscribe links: the newsletter is what visitors sign up for before launch. */
export const PRELAUNCH_NEWSLETTER_PAGES: readonly string[] = ['/newsletter/confirm', '/newsletter/unsubscribe'];

/** Everything a visitor may open before launch; every other route redirects to /become-a-chef. */
export const PRELAUNCH_VISITOR_WHITELIST: readonly string[] = [
  ...PRELAUNCH_PUBLIC_PAGES,
  ...PRELAUNCH_CHEF_PAGES,
  ...PRELAUNCH_ACCOUNT_PAGES,
  ...PRELAUNCH_NEWSLETTER_PAGES,
];
