import { lazy, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths, signInPath } from '@contracts/paths';
import { CARE_REQUESTS_PATH } from '@web/lib/care-requests-path';
import { useAuth } from '@web/lib/auth';
import { NotFoundPage } from '@web/features/site/pages/not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Route-level code splitting: each page's code loads when it is first visited. `preload` starts
 * that download early (the same request: the browser's module map dedupes it).
 *
 * A page whose code has already arrived (preloaded while the sign-in check ran, or visited before)
 * is handed to React through a thenable that settles at once: React then draws it in the same
 * render instead of suspending, and so skips the 300 ms React waits before it replaces a Suspense
 * fallback it has just shown (measured: the first content of a cold visit came 0.4–0.5 s later).
 */
function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = undefined; // a failed download may be tried again on the next visit
        throw error;
      },
    ));
  const settled = (component: ComponentType<P>) =>
    ({
      then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }),
    }) as Promise<{ default: ComponentType<P> }>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload().then((component) => ({ default: component })))),
    { preload: () => void preload().catch(() => {}) },
  );
}

const LandingPage = lazyPage(() => import('@web/features/site/pages/landing-page'), 'LandingPage');
const HomePage = lazyPage(() => import('@web/features/carers/pages/home-page'), 'HomePage');
const LoginPage = lazyPage(() => import('@web/features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@web/features/auth/pages/register-page'), 'RegisterPage');
const PricingPage = lazyPage(() => import('@web/features/subscriptions/pages/pricing-page'), 'PricingPage');
const SubscribePage = lazyPage(
  () => import('@web/features/subscriptions/pages/subscribe-page'),
  'SubscribePage',
);
const CheckoutPage = lazyPage(
  () => import('@web/features/subscriptions/pages/checkout-page'),
  'CheckoutPage',
);
const CarerSignupPage = lazyPage(
  () => import('@web/features/carers/pages/carer-signup-page'),
  'CarerSignupPage',
);
const CarerDashboardPage = lazyPage(
  () => import('@web/features/carers/pages/carer-dashboard-page'),
  'CarerDashboardPage',
);
const CarerSearchPage = lazyPage(
  () => import('@web/features/carers/pages/carer-search-page'),
  'CarerSearchPage',
);
const CarerProfilePage = lazyPage(
  () => import('@web/features/carers/pages/carer-profile-page'),
  'CarerProfilePage',
);
const SavedCarersPage = lazyPage(
  () => import('@web/features/saved-carers/pages/saved-carers-page'),
  'SavedCarersPage',
);
const AdminDashboardPage = lazyPage(
  () => import('@web/features/admin/pages/admin-dashboard-page'),
  'AdminDashboardPage',
);
const AdminLoginPage = lazyPage(() => import('@web/features/admin/pages/admin-login-page'), 'AdminLoginPage');
const AdminManagementPage = lazyPage(
  () => import('@web/features/admin/pages/admin-management-page'),
  'AdminManagementPage',
);
const TestAdminPage = lazyPage(() => import('@web/features/admin/pages/test-admin-page'), 'TestAdminPage');
const TestCustomerAdminPage = lazyPage(
  () => import('@web/features/admin/pages/test-customer-admin-page'),
  'TestCustomerAdminPage',
);
const AboutPage = lazyPage(() => import('@web/features/site/pages/about-page'), 'AboutPage');
const ContactPage = lazyPage(() => import('@web/features/contact/pages/contact-page'), 'ContactPage');
const TermsPage = lazyPage(() => import('@web/features/site/pages/terms-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@web/features/site/pages/privacy-page'), 'PrivacyPage');
const ServicesPage = lazyPage(() => import('@web/features/site/pages/services-page'), 'ServicesPage');
const CareersPage = lazyPage(() => import('@web/features/site/pages/careers-page'), 'CareersPage');
const PressPage = lazyPage(() => import('@web/features/site/pages/press-page'), 'PressPage');
const AccessibilityPage = lazyPage(
  () => import('@web/features/site/pages/accessibility-page'),
  'AccessibilityPage',
);
const HelpPage = lazyPage(() => import('@web/features/site/pages/help-page'), 'HelpPage');
const ForgotPasswordPage = lazyPage(
  () => import('@web/features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@web/features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = lazyPage(
  () => import('@web/features/auth/pages/confirm-email-page'),
  'ConfirmEmailPage',
);
const VerifyEmailPage = lazyPage(
  () => import('@web/features/auth/pages/verify-email-page'),
  'VerifyEmailPage',
);
const CancelPlanLinkPage = lazyPage(
  () => import('@web/features/subscriptions/pages/cancel-plan-link-page'),
  'CancelPlanLinkPage',
);
const CircleJoinPage = lazyPage(
  () => import('@web/features/circle/pages/circle-join-page'),
  'CircleJoinPage',
);
const DemoMailboxPage = lazyPage(
  () => import('@web/features/demo/pages/demo-mailbox-page'),
  'DemoMailboxPage',
);
const TwoFactorPage = lazyPage(() => import('@web/features/auth/pages/two-factor-page'), 'TwoFactorPage');
const SettingsPage = lazyPage(() => import('@web/features/settings/pages/settings-page'), 'SettingsPage');
const MessagesPage = lazyPage(() => import('@web/features/messaging/pages/messages-page'), 'MessagesPage');
const CareRequestsPage = lazyPage(
  () => import('@web/features/care-requests/pages/care-requests-page'),
  'CareRequestsPage',
);
const MyCarePage = lazyPage(() => import('@web/features/arrangements/pages/my-care-page'), 'MyCarePage');
const ContingencyPlanPage = lazyPage(
  () => import('@web/features/arrangements/pages/contingency-plan-page'),
  'ContingencyPlanPage',
);
const ArrangementPrintPage = lazyPage(
  () => import('@web/features/arrangements/pages/arrangement-print-page'),
  'ArrangementPrintPage',
);
const InvoicePayPage = lazyPage(
  () => import('@web/features/care-payments/pages/invoice-pay-page'),
  'InvoicePayPage',
);
const DemoOnboardingPage = lazyPage(
  () => import('@web/features/care-payments/pages/demo-onboarding-page'),
  'DemoOnboardingPage',
);
const VisitHistoryPage = lazyPage(
  () => import('@web/features/arrangements/pages/visit-history-page'),
  'VisitHistoryPage',
);
const TimesheetsPage = lazyPage(
  () => import('@web/features/invoicing/pages/timesheets-page'),
  'TimesheetsPage',
);
const TimesheetPage = lazyPage(() => import('@web/features/invoicing/pages/timesheet-page'), 'TimesheetPage');
const InvoicesPage = lazyPage(() => import('@web/features/invoicing/pages/invoices-page'), 'InvoicesPage');
const InvoicePage = lazyPage(() => import('@web/features/invoicing/pages/invoice-page'), 'InvoicePage');
const InvoicingPage = lazyPage(() => import('@web/features/invoicing/pages/invoicing-page'), 'InvoicingPage');
const EarningsPage = lazyPage(() => import('@web/features/invoicing/pages/earnings-page'), 'EarningsPage');
const StatementsPage = lazyPage(
  () => import('@web/features/invoicing/pages/statements-page'),
  'StatementsPage',
);

/** `/` is the public landing when signed out and the signed-in home otherwise. */
function HomeRoute() {
  const { user } = useAuth();
  return user ? <HomePage user={user} /> : <LandingPage />;
}

/**
 * The installed app's start address (the manifest's start_url): a carer opens on their dashboard,
 * an admin on theirs, a family and a visitor on `/` (the signed-in home or the landing).
 */
function StartRoute() {
  const { user } = useAuth();
  const to =
    user?.role === 'carer'
      ? paths.carerDashboard
      : user?.role === 'admin'
        ? paths.adminDashboard
        : paths.home;
  return <Navigate to={to} replace />;
}

/**
 * Pages that need an account. A signed-out visitor is taken to sign in and brought back here
 * afterwards (the first brief showed them the not-found page, a dead end for someone whose
 * session ended or who followed a link: a deliberate difference). Unknown paths still get the 404.
 */
function SignedInOnly() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (isAuthenticated) return <Outlet />;
  return <SignInFirst returnTo={`${location.pathname}${location.search}${location.hash}`} />;
}

function SignInFirst({ returnTo }: { returnTo: string }) {
  useEffect(() => {
    // Full-page, as every sign-in is (product §2, Routes); replace, so Back does not bounce here again.
    window.location.replace(signInPath(returnTo));
  }, [returnTo]);
  return (
    <p role="status" className="px-4 py-16 text-center text-muted-foreground">
      Taking you to sign in…
    </p>
  );
}

const router = createBrowserRouter([
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.appStart, element: <StartRoute /> },
      { path: paths.pricing, element: <PricingPage /> },
      { path: paths.subscribe, element: <SubscribePage /> },
      { path: paths.subscription, element: <CheckoutPage /> },
      { path: paths.carerSignup, element: <CarerSignupPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      { path: paths.adminManagement, element: <AdminManagementPage /> },
      { path: paths.testAdmin, element: <TestAdminPage /> },
      { path: paths.testCustomerAdmin, element: <TestCustomerAdminPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.help, element: <HelpPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.accessibility, element: <AccessibilityPage /> },
      // The footer's services, careers and press.
      { path: paths.services, element: <ServicesPage /> },
      { path: paths.careers, element: <CareersPage /> },
      { path: paths.press, element: <PressPage /> },
      // product.md, difference 4: public carer search and profiles.
      { path: paths.carers, element: <CarerSearchPage /> },
      { path: paths.carerProfile, element: <CarerProfilePage /> },
      // Email and password sign-in (decision 0002); the pages send a signed-in visitor on to /.
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      // Forgotten passwords and the emailed links work signed in or out.
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.confirmEmail, element: <ConfirmEmailPage /> },
      { path: paths.verifyEmail, element: <VerifyEmailPage /> },
      // The renewal reminder's cancel link works signed in or out.
      { path: paths.cancelPlanLink, element: <CancelPlanLinkPage /> },
      // A family circle invitation: the page tells a signed-out relative how to sign in or register.
      { path: paths.circleJoin, element: <CircleJoinPage /> },
      // The page asks the server, which has the mailbox only outside production (else: 404 page).
      { path: paths.demoMailbox, element: <DemoMailboxPage notFound={<NotFoundPage />} /> },
      // The second sign-in step, between the password and the session.
      { path: paths.twoFactor, element: <TwoFactorPage /> },
      {
        element: <SignedInOnly />,
        children: [
          { path: paths.carerDashboard, element: <CarerDashboardPage /> },
          { path: paths.customerDashboard, element: <CarerSearchPage /> },
          { path: paths.adminDashboard, element: <AdminDashboardPage /> },
          { path: paths.settings, element: <SettingsPage /> },
          { path: paths.saved, element: <SavedCarersPage /> },
          // The inbox, and one conversation opened beside it.
          { path: paths.messages, element: <MessagesPage /> },
          { path: paths.conversation, element: <MessagesPage /> },
          // A family's care requests and the carers who answered.
          { path: CARE_REQUESTS_PATH, element: <CareRequestsPage /> },
          // Arrangements and the visits of the coming weeks, and one arrangement to print.
          { path: paths.myCare, element: <MyCarePage /> },
          { path: `${paths.myCare}/:id/print`, element: <ArrangementPrintPage /> },
          { path: `${paths.myCare}/:id/history`, element: <VisitHistoryPage /> },
          { path: `${paths.myCare}/:id/cover`, element: <ContingencyPlanPage /> },
          // Timesheets and invoices (decision 0038).
          { path: paths.timesheets, element: <TimesheetsPage /> },
          { path: paths.timesheet, element: <TimesheetPage /> },
          { path: paths.invoices, element: <InvoicesPage /> },
          { path: paths.invoice, element: <InvoicePage /> },
          { path: paths.invoicing, element: <InvoicingPage /> },
          // The carer's earnings and the family's monthly statements (decision 0041).
          { path: paths.earnings, element: <EarningsPage /> },
          { path: paths.statements, element: <StatementsPage /> },
          // Paying an invoice by card, and demo mode's stand-in for Stripe's onboarding (decision 0039).
          { path: paths.invoicePay, element: <InvoicePayPage /> },
          { path: paths.carePaymentsDemoOnboarding, element: <DemoOnboardingPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

// Pages are drawn only once the sign-in check has answered; the first page's code downloads
// meanwhile instead of after it (one round trip less before the first paint), and is then drawn
// without a Suspense pause (lazyPage). `/` preloads the landing page: most first visits there are
// signed out.
const PRELOAD_ON_START: Array<[pattern: string, page: { preload: () => void }]> = [
  [paths.home, LandingPage],
  [paths.pricing, PricingPage],
  [paths.subscribe, SubscribePage],
  [paths.subscription, CheckoutPage],
  [paths.about, AboutPage],
  [paths.contact, ContactPage],
  [paths.help, HelpPage],
  [paths.terms, TermsPage],
  [paths.privacy, PrivacyPage],
  [paths.accessibility, AccessibilityPage],
  [paths.services, ServicesPage],
  [paths.careers, CareersPage],
  [paths.press, PressPage],
  [paths.carers, CarerSearchPage],
  [paths.carerProfile, CarerProfilePage],
  [paths.login, LoginPage],
  [paths.register, RegisterPage],
  [paths.forgotPassword, ForgotPasswordPage],
  [paths.resetPassword, ResetPasswordPage],
  [paths.confirmEmail, ConfirmEmailPage],
  [paths.verifyEmail, VerifyEmailPage],
  [paths.cancelPlanLink, CancelPlanLinkPage],
  [paths.circleJoin, CircleJoinPage],
  [paths.twoFactor, TwoFactorPage],
  [paths.carerSignup, CarerSignupPage],
  [paths.carerDashboard, CarerDashboardPage],
  [paths.customerDashboard, CarerSearchPage],
  [paths.adminDashboard, AdminDashboardPage],
  [paths.settings, SettingsPage],
  [paths.saved, SavedCarersPage],
  [paths.messages, MessagesPage],
  [paths.conversation, MessagesPage],
  [CARE_REQUESTS_PATH, CareRequestsPage],
  [paths.myCare, MyCarePage],
  [`${paths.myCare}/:id/print`, ArrangementPrintPage],
  [`${paths.myCare}/:id/history`, VisitHistoryPage],
  [`${paths.myCare}/:id/cover`, ContingencyPlanPage],
  [paths.timesheets, TimesheetsPage],
  [paths.timesheet, TimesheetPage],
  [paths.invoices, InvoicesPage],
  [paths.invoice, InvoicePage],
  [paths.invoicing, InvoicingPage],
  [paths.earnings, EarningsPage],
  [paths.statements, StatementsPage],
];
if (typeof window !== 'undefined') {
  const here = window.location.pathname;
  PRELOAD_ON_START.find(([pattern]) => matchPath(pattern, here))?.[1].preload();
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
