// Binds every named route (lib/routes.ts) to its page. Every page is its own lazy chunk, so the home page downloads
// only what it needs, and the admin area (layout and pages) is loaded only by those who open it.
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { preloadable, type Preloadable } from '../lib/preloadable';
import type { Locale } from '#shared/locales';
import { tk, withAreaTexts } from '../lib/i18n';
import type { PageProps } from '../lib/routes';

type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;
type LazyLayout = LazyExoticComponent<ComponentType<{ children: ReactNode }>>;

export interface PageBinding {
  page: Preloadable<LazyPage>;
  screenKey?: string;
  layout?: Preloadable<LazyLayout>;
  /** Starts the page's first request when the visitor lands on it, alongside its chunk (see prefetchPage). */
  prefetch?: (params: Record<string, string>, locale: Locale) => void;
}

/** Pages other than home bring the area texts along (lib/i18n.ts), so the home page's first download stays small. */
function page(loader: () => Promise<{ default: ComponentType<PageProps> }>, texts: 'core' | 'all' = 'all'): Preloadable<LazyPage> {
  return preloadable(texts === 'all' ? withAreaTexts(loader) : loader);
}

function layout(loader: () => Promise<{ default: ComponentType<{ children: ReactNode }> }>): Preloadable<LazyLayout> {
  return preloadable(withAreaTexts(loader));
}

const HomePage = page(() => import('../features/home/HomePage'), 'core');
const StyleDemoPage = page(() => import('../features/style/StyleDemoPage'));
const HelpPage = page(() => import('../features/help/HelpPage'));
const ContentPage = page(() => import('../features/content/ContentPage'));
const AboutUsPage = page(() => import('../features/content/AboutUsPage'));
const BecomeChefPage = page(() => import('../features/onboarding/BecomeChefPage'));
const LoginPage = page(() => import('../features/auth/LoginPage'));
const RegisterPage = page(() => import('../features/auth/RegisterPage'));
const RecoveryPage = page(() => import('../features/auth/RecoveryPage'));
const ExternalSignInPage = page(() => import('../features/auth/ExternalSignInPage'));
const NewsletterConfirmPage = page(() => import('../features/newsletter/NewsletterConfirmPage'));
const NewsletterUnsubscribePage = page(() => import('../features/newsletter/NewsletterUnsubscribePage'));
const GuestAnswerPage = page(() => import('../features/guest/GuestAnswerPage'));
const MenusNearMePage = page(() => import('../features/discovery/MenusNearMePage'));
const ChefProfilePage = page(() => import('../features/chef/ChefProfilePage'));
const ChefMenuPage = page(() => import('../features/chef/ChefMenuPage'));
const BookingBeginPage = page(() => import('../features/bookings/BookingBeginPage'));
const TestCheckoutPage = page(() => import('../features/bookings/TestCheckoutPage'));
const MyBookingsPage = page(() => import('../features/bookings/MyBookingsPage'));
const MyBookingPage = page(() => import('../features/bookings/MyBookingPage'));
const RateBookingPage = page(() => import('../features/bookings/RateBookingPage'));
const ChefBookingsPage = page(() => import('../features/bookings/ChefBookingsPage'));
const ChefBookingPage = page(() => import('../features/bookings/ChefBookingPage'));
const AccountHomePage = page(() => import('../features/account/AccountHomePage'));
const PersonalDetailsPage = page(() => import('../features/account/PersonalDetailsPage'));
const LoginSecurityPage = page(() => import('../features/account/LoginSecurityPage'));
const NotificationsPage = page(() => import('../features/account/NotificationsPage'));
const ChefApplicationPage = page(() => import('../features/onboarding/ChefApplicationPage'));
const ChefProfileEditPage = page(() => import('../features/chef-area/ChefProfileEditPage'));
const MenusPage = page(() => import('../features/chef-area/MenusPage'));
const MenuEditorPage = page(() => import('../features/chef-area/MenuEditorPage'));
const AvailabilityPage = page(() => import('../features/chef-area/AvailabilityPage'));
const PayoutPage = page(() => import('../features/chef-area/PayoutPage'));
const PaymentPayoutPage = page(() => import('../features/chef-area/PaymentPayoutPage'));
const AdminLayout = layout(() => import('../features/admin/AdminLayout'));
const AdminHomePage = page(() => import('../features/admin/AdminHomePage'));
const AdminUsersPage = page(() => import('../features/admin/AdminUsersPage'));
const AdminUserPage = page(() => import('../features/admin/AdminUserPage'));
const AdminChefsPage = page(() => import('../features/admin/AdminChefsPage'));
const AdminChefPage = page(() => import('../features/admin/AdminChefPage'));
const AdminBookingsPage = page(() => import('../features/admin/AdminBookingsPage'));
const AdminBookingPage = page(() => import('../features/admin/AdminBookingPage'));
const AdminPayoutsPage = page(() => import('../features/admin/AdminPayoutsPage'));
const AdminComplaintsPage = page(() => import('../features/admin/AdminComplaintsPage'));
const AdminComplaintPage = page(() => import('../features/admin/AdminComplaintPage'));
const AdminImagesPage = page(() => import('../features/admin/AdminImagesPage'));
const AdminLocationsPage = page(() => import('../features/admin/AdminLocationsPage'));
const AdminListsPage = page(() => import('../features/admin/AdminListsPage'));
const AdminSettingsPage = page(() => import('../features/admin/AdminSettingsPage'));
const AdminOutboxPage = page(() => import('../features/admin/AdminOutboxPage'));
const AdminAuditPage = page(() => import('../features/admin/AdminAuditPage'));

export const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

const admin = (adminPage: Preloadable<LazyPage>, screenKey: string): PageBinding => ({ page: adminPage, screenKey, layout: AdminLayout });

export const PAGES: Record<string, PageBinding> = {
  home: { page: HomePage },
  style: { page: StyleDemoPage },
  help: { page: HelpPage },
  page: { page: ContentPage },
  aboutus: { page: AboutUsPage },
  'account.beachef': { page: BecomeChefPage },
  'auth.login': { page: LoginPage },
  'auth.register': { page: RegisterPage },
  'auth.recovery': { page: RecoveryPage },
  'auth.external': { page: ExternalSignInPage },
  'newsletter.confirm': { page: NewsletterConfirmPage },
  'newsletter.unsubscribe': { page: NewsletterUnsubscribePage },
  'guest.answer': { page: GuestAnswerPage },
  'chefs.nearme': {
    page: MenusNearMePage,
    // Its own small chunk (with swr), so the entry of every other page stays as it was.
    prefetch: (params, locale) => void import('../features/discovery/filters').then((m) => m.prefetchMenusNear(params, locale)),
  },
  'chefs.profile': { page: ChefProfilePage },
  'chefs.menu': { page: ChefMenuPage },
  'booking.begin': { page: BookingBeginPage },
  'checkout.test': { page: TestCheckoutPage },
  'account.home': { page: AccountHomePage },
  'account.me': { page: AccountHomePage },
  'account.personaldetails': { page: PersonalDetailsPage },
  'account.loginsecurity': { page: LoginSecurityPage },
  'account.paymentpayout': { page: PaymentPayoutPage },
  'account.bookings': { page: MyBookingsPage },
  'account.bookings.detail': { page: MyBookingPage },
  'account.bookings.messages': { page: MyBookingPage, screenKey: 'messages' },
  'account.bookings.rate': { page: RateBookingPage },
  'account.notifications': { page: NotificationsPage },
  'account.chefprofile': { page: ChefProfileEditPage },
  'account.becomechef': { page: ChefApplicationPage },
  'account.menumanagement': { page: MenusPage },
  'account.menumanagement.detail': { page: MenuEditorPage },
  'account.payout': { page: PayoutPage },
  'account.availability': { page: AvailabilityPage },
  'account.chefbookings': { page: ChefBookingsPage },
  'account.chefbookings.detail': { page: ChefBookingPage },
  'ylcadmin.home': admin(AdminHomePage, tk('screens.admin.home')),
  'ylcadmin.images': admin(AdminImagesPage, tk('screens.admin.images')),
  'ylcadmin.locations': admin(AdminLocationsPage, tk('screens.admin.locations')),
  'ylcadmin.lists': admin(AdminListsPage, tk('screens.admin.lists')),
  'ylcadmin.users': admin(AdminUsersPage, tk('screens.admin.users')),
  'ylcadmin.users.detail': admin(AdminUserPage, tk('screens.admin.userdetail')),
  'ylcadmin.chefs': admin(AdminChefsPage, tk('screens.admin.chefs')),
  'ylcadmin.chefs.detail': admin(AdminChefPage, tk('screens.admin.chefdetail')),
  'ylcadmin.bookings': admin(AdminBookingsPage, tk('screens.admin.bookings')),
  'ylcadmin.bookings.detail': admin(AdminBookingPage, tk('screens.admin.bookingdetail')),
  'ylcadmin.payouts': admin(AdminPayoutsPage, tk('screens.admin.payouts')),
  'ylcadmin.complaints': admin(AdminComplaintsPage, tk('screens.admin.complaints')),
  'ylcadmin.complaints.detail': admin(AdminComplaintPage, tk('screens.admin.complaintdetail')),
  'ylcadmin.settings': admin(AdminSettingsPage, tk('screens.admin.settings')),
  'ylcadmin.outbox': admin(AdminOutboxPage, tk('screens.admin.outbox')),
  'ylcadmin.audit': admin(AdminAuditPage, tk('screens.admin.audit')),
};

/**
 * The landing page, from the entry: starts its first request and loads its page (and layout) chunk; settles when both
 * chunks are there or have failed.
 */
export function prefetchPage(routeName: string, params: Record<string, string>, locale: Locale): Promise<void> {
  PAGES[routeName]?.prefetch?.(params, locale);
  return loadPageChunks(routeName);
}

/** Loads a page's chunk and its layout's; settles when both are there or have failed. */
export function loadPageChunks(routeName: string): Promise<void> {
  const binding = PAGES[routeName];
  return Promise.all([binding?.page.preload(), binding?.layout?.preload()]).then(
    () => undefined,
    () => undefined,
  );
}
