// The web's route map (product §2, Routes, including the pages we added).
// Links use these names so a path is written once.

export const paths = {
  home: '/',
  pricing: '/pricing',
  subscribe: '/subscribe',
  subscription: '/subscription',
  carerSignup: '/carer-signup',
  carerDashboard: '/carer-dashboard',
  customerDashboard: '/customer-dashboard',
  adminDashboard: '/admin-dashboard',
  adminLogin: '/admin-login',
  adminManagement: '/admin-management',
  testAdmin: '/test-admin',
  testCustomerAdmin: '/test-customer-admin',
  about: '/about',
  contact: '/contact',
  help: '/help',
  login: '/login',
  register: '/register',
  settings: '/settings',
  /** Forgotten passwords and the emailed links (public). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  /** The link that confirms a new account's email address (public). */
  verifyEmail: '/verify-email',
  /** The link in a family circle invitation (public; the secret in ?token=). */
  circleJoin: '/family-circle/join',
  /** The renewal reminder's link: shows the plan and a button that cancels it (public). */
  cancelPlanLink: '/cancel-plan',
  /** Demo mode's mailbox of every email the app sent (404 in production). */
  demoMailbox: '/demo/mailbox',
  /** The second sign-in step (a code from the authenticator app). */
  twoFactor: '/two-factor',
  carers: '/carers',
  /** The installed app's start address: each person's own first page (the web app manifest). */
  appStart: '/start',
  carerProfile: '/carers/:id',
  saved: '/saved',
  /** A family's care requests, and the visits of everyone's arrangements. */
  careRequests: '/care-requests',
  myCare: '/my-care',
  /** Timesheets: the carer's to submit, the family's to approve (decision 0038). */
  timesheets: '/timesheets',
  timesheet: '/timesheets/:id',
  /** Invoices between a carer and a family, and one of them. */
  invoices: '/invoices',
  invoice: '/invoices/:id',
  /** The carer's invoicing details and bank details, or the family's billing details. */
  invoicing: '/invoicing',
  /** The carer's earnings and tax-year summary; the family's monthly statements per carer. */
  earnings: '/earnings',
  statements: '/statements',
  messages: '/messages',
  conversation: '/messages/:id',
  /** A family pays one invoice by card (linked from the invoice and the "finish paying" email). */
  invoicePay: '/invoices/:id/pay',
  /** Demo mode's stand-in for Stripe's hosted onboarding of a carer's account. */
  carePaymentsDemoOnboarding: '/care-payments/demo-onboarding',
  terms: '/terms',
  privacy: '/privacy',
  accessibility: '/accessibility',
  /** The four services the footer names, each a section (/services#elderly-care). */
  services: '/services',
  careers: '/careers',
  press: '/press',
  /** Full-page navigations handled by the server (product §2, Routes). */
  apiLogin: '/api/login',
  apiLogout: '/api/logout',
} as const;

/**
 * What the web app asks on every page, answered 200 with null for "nobody is
 * signed in" and "no carer profile yet", so those ordinary states are not failed requests in the
 * browser's console. The spec's own calls (`GET /api/auth/user` 401, `GET /api/carers/my-profile`
 * 404) keep their answers for API clients.
 */
export const apiPaths = {
  /** `{ user }`: the signed-in user, or null. */
  session: '/api/auth/session',
  /** `{ profile }`: the signed-in account's own carer profile, or null. */
  ownCarerProfile: '/api/carer-profile',
} as const;

/** '/messages/{id}': one conversation, opened. */
export function conversationPath(conversationId: string): string {
  return `${paths.messages}/${encodeURIComponent(conversationId)}`;
}

/** '/invoices/{id}/pay': paying one invoice by card. */
export function invoicePayPath(invoiceId: string): string {
  return `/invoices/${encodeURIComponent(invoiceId)}/pay`;
}

/** '/carers/{id}': a carer's public profile page. */
export function carerProfilePath(carerId: string): string {
  return `${paths.carers}/${encodeURIComponent(carerId)}`;
}

/**
 * The server's sign-in (product §2, Routes: a full-page navigation to /api/login) that brings the person back
 * to `returnTo` afterwards; plain /api/login when there is nowhere particular to go back to.
 */
export function signInPath(returnTo: string): string {
  return returnTo === paths.home
    ? paths.apiLogin
    : `${paths.apiLogin}?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * `path` with `?returnTo=…` (the sign-in and registration pages' way back, read through
 * safeReturnPath); plain `path` when there is nowhere particular to go back to.
 */
export function withReturnTo(path: string, returnTo: string): string {
  return returnTo === paths.home ? path : `${path}?${new URLSearchParams({ returnTo }).toString()}`;
}

/** Who a new account is for, chosen in advance on the registration page by `?as=`. */
export type RegisterAs = 'customer' | 'carer';

/**
 * '/register?as=customer&returnTo=…': registration with the role already chosen, and the page to
 * bring the person back to once their email is confirmed ("Get Started", "Sign Up & Subscribe",
 * the carer's "Create My Profile").
 */
export function registerPath(as: RegisterAs | null, returnTo: string = paths.home): string {
  const query = new URLSearchParams();
  if (as) query.set('as', as);
  if (returnTo !== paths.home) query.set('returnTo', returnTo);
  const text = query.toString();
  return text ? `${paths.register}?${text}` : paths.register;
}

/** The `?as=` of a registration address, when it names a role. */
export function registerAsParam(value: string | null): RegisterAs | null {
  return value === 'customer' || value === 'carer' ? value : null;
}

/** The plans a checkout opens straight into: 3-Month Access on /subscription, the others on /subscribe. */
export type CheckoutPlan = 'three_month' | 'monthly' | 'annual';

/**
 * The checkout of one plan, chosen once on the pricing page: '/subscription' for 3-Month Access,
 * '/subscribe?plan=monthly' or '?plan=annual' for the others; `returnTo` (a carer's profile, say) is
 * where the success message offers to go back to.
 */
export function checkoutPath(plan: CheckoutPlan, returnTo: string = paths.home): string {
  const query = new URLSearchParams();
  if (plan !== 'three_month') query.set('plan', plan);
  if (returnTo !== paths.home) query.set('returnTo', returnTo);
  const text = query.toString();
  const base = plan === 'three_month' ? paths.subscription : paths.subscribe;
  return text ? `${base}?${text}` : base;
}

/** The `?plan=` of /subscribe, when it names a plan paid there. */
export function subscribePlanParam(value: string | null): 'monthly' | 'annual' | null {
  return value === 'monthly' || value === 'annual' ? value : null;
}

/** '/pricing?returnTo=…': the plans, remembering the page (a carer's profile) to come back to. */
export function pricingPath(returnTo: string = paths.home): string {
  return withReturnTo(paths.pricing, returnTo);
}
