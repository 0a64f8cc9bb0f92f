// The admin tools of product §2, §5, §7 and §8, served under /api/admin and /api/test
// (admin role only, product.md, differences 1, 2 and 6). The safeguarding queue's shapes are in
// safeguarding.ts, the audit log's in audit.ts.
import { z } from 'zod';
import { formatCount, PERSON_NAME_MAX_LENGTH } from './limits';
import { CARER_MESSAGES, PHOTO_MAX_BYTES, PublicCarer } from './carers';
import { isCheckClaim } from './options';
import { SUBSCRIPTION_TYPES } from './pricing';
import { multiLine, oneLine } from './text';
import { VERIFICATION_STATUSES } from './verification';
import { dateFormat } from './date-format';

// ---------------------------------------------------------------------------------------------
// Texts: product §2 screens and section 8 toasts, word for word.
// ---------------------------------------------------------------------------------------------

export const ADMIN_TEXT = {
  accessRequiredTitle: 'Admin Access Required',
  accessRequiredBody: 'You need admin privileges to access this page.',
  loginAsAdmin: 'Login as Admin',
  loadingDashboard: 'Loading admin dashboard...',
  customerAccountsTab: 'Customer Accounts',
  carerProfilesTab: 'Carer Profiles',
  anonymousUser: 'Anonymous User',
  joined: 'Joined',
  expires: 'Expires:',
  updateStatus: 'Update Status',
  activateMonthly: 'Activate Monthly',
  activateAnnual: 'Activate Annual',
  deactivate: 'Deactivate',
  noCustomerAccounts: 'No customer accounts found',
  noCarerProfiles: 'No carer profiles found',
  verified: 'Verified',
  unverified: 'Unverified',
  // Admin Management (/admin-management)
  managementTitle: 'Admin Management',
  managementSubtitle: 'Manage customer accounts and carer profiles',
  loadingCustomers: 'Loading customers...',
  noCustomers: 'No customers found',
  loadingCarers: 'Loading carers...',
  noCarers: 'No carers found',
  editCustomerTitle: 'Edit Customer Details',
  editCarerTitle: 'Edit Carer Profile',
  saveChanges: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  // Test admin dashboard (/test-admin)
  testAdminTitle: 'Test Admin Dashboard',
  addCarerWithPhoto: 'Add Carer with Photo',
  noCarersYet: 'No carers yet',
  addFirstCarer: 'Add First Carer',
  verifiedCarer: 'Verified Carer',
  // Test customer account management (/test-customer-admin)
  createTestCustomers: 'Create Test Customer Accounts',
  // Admin login (/admin-login)
  loginButton: 'Login',
  loggingIn: 'Logging in...',
} as const;

/** Product §8 toasts of the admin screens. */
export const ADMIN_TOASTS = {
  loginSuccessTitle: 'Login Successful',
  loginSuccessBody: 'Welcome to the admin dashboard!',
  loginFailedTitle: 'Login Failed',
  loginFailedBody: 'Invalid username or password',
  errorTitle: 'Error',
  successTitle: 'Success',
  // Admin dashboard
  dashboardSubscriptionFailed: 'Failed to update subscription.',
  dashboardSubscriptionUpdated: 'User subscription updated successfully.',
  // Admin Management
  customerUpdateFailed: 'Failed to update customer.',
  carerUpdateFailed: 'Failed to update carer.',
  customerDeleteFailed: 'Failed to delete customer account.',
  carerDeleteFailed: 'Failed to delete carer profile.',
  subscriptionUpdateFailed: 'Failed to update subscription.',
  customerUpdated: 'Customer updated successfully.',
  carerUpdated: 'Carer updated successfully.',
  customerDeleted: 'Customer account deleted successfully.',
  carerDeleted: 'Carer profile deleted successfully.',
  subscriptionUpdated: 'Subscription updated successfully.',
  // Test pages: failures ('Failed to create carer: ' + status text) and successes
  testCreateCarerFailedPrefix: 'Failed to create carer: ',
  testUpdateCarerFailedPrefix: 'Failed to update carer: ',
  testDeleteCarerFailed: 'Failed to delete carer',
  testNoCarerSelected: 'No carer selected for editing',
  testUserUpdateFailed: 'Failed to update user.',
  testCarerUpdateFailed: 'Failed to update carer.',
  testCreateAccountsFailed: 'Failed to create test accounts.',
  testLoadCarersFailed: 'Failed to load carers',
  testCarerCreated: 'Carer profile created successfully with photo!',
  testCarerUpdated: 'Carer profile updated successfully',
  testCarerDeleted: 'Carer profile deleted successfully',
  testAccountsCreated: 'Test customer accounts created successfully.',
  testUserUpdated: 'User updated successfully.',
  testCarerUpdatedShort: 'Carer updated successfully.',
} as const;

/**
 * Destructive and trust-granting admin actions ask first, naming the person and
 * the consequence (a step before the spec's calls and toasts, which stay as they are).
 */
export const ADMIN_CONFIRM = {
  deleteCustomerTitle: (name: string) => `Delete ${name}’s account?`,
  deleteCustomerBody:
    'Their account, reviews and saved carers are deleted and any recurring plan is cancelled. Messages they sent stay with the carers, from “Deleted user”. This cannot be undone.',
  deleteCustomerButton: 'Delete Account',
  deleteCarerTitle: (name: string) => `Delete ${name}’s carer profile?`,
  deleteCarerBody:
    'Their profile, reviews and verification documents are deleted and they leave search. Families keep their conversations; the carer’s account, if any, stays. This cannot be undone.',
  deleteCarerButton: 'Delete Profile',
  deactivateTitle: (name: string) => `End ${name}’s plan?`,
  deactivateBody:
    'They lose access to carers’ contact details and messaging now, and their end date is cleared. A Monthly plan paid by card stops renewing, so no further payment is taken.',
  deactivateButton: 'End Plan',
  markVerifiedTitle: (name: string) => `Mark ${name} as Verified?`,
  markVerifiedBody:
    'Families will see the Verified badge, which says this carer’s DBS check, right to work and references were checked. Only do this when you have seen them.',
  markVerifiedButton: 'Mark as Verified',
  deleting: 'Deleting...',
  cancel: 'Cancel',
} as const;

/** Server answers of the admin API (not spec texts: the spec shows none). */
export const ADMIN_MESSAGES = {
  customerNotFound: 'Customer not found.',
  carerNotFound: 'Carer not found.',
  notACustomer: 'That account is not a customer account.',
  cannotChangeOwnAccount: 'You cannot suspend or delete your own admin account.',
  cannotSignOutSelf: 'To end your own sessions, use Settings.',
  reportNotFound: 'Report not found.',
  reportAlreadyResolved: 'This report has already been resolved.',
  noAccountToAct: 'This report has no account left to warn or suspend.',
  warningRequired: 'Write the warning the account holder will receive.',
  userNotFound: 'Account not found.',
  notSuspended: 'This account is not suspended.',
  invalidDate: 'Enter a valid date.',
  subscriptionTypeRequired: 'Choose monthly or annual to activate a plan.',
  statusInvalid: 'Status must be active or inactive.',
  formUnreadable: 'The form could not be read. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------
// Paging and search of the admin lists (decision 0008): GET /api/admin/users, /api/test/users,
// /api/admin/carers, /api/test/carers and /api/admin/verifications take `q` (name or email, any
// case, any part), `cursor` and `limit`. The body stays the spec's array; the paging comes in
// headers: X-Total-Count (every match), X-Next-Cursor and a Link rel="next" while more follow.
// ---------------------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_LIST_HEADERS = { totalCount: 'x-total-count', nextCursor: 'x-next-cursor' } as const;
export const ADMIN_LIST_MESSAGES = {
  cursorInvalid: 'This list has changed: search again from the first page.',
  queryTooLong: 'Search for at most 100 characters.',
  searchLabel: 'Search by name or email',
  searchButton: 'Search',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  /** 'Showing 50 of 1,204 customers' */
  showing: (shown: number, total: number, noun: string) =>
    `Showing ${formatCount(shown)} of ${formatCount(total)} ${noun}`,
  noMatches: (q: string) => `Nobody matches “${q}”.`,
  /** The search box of each queue: whose names and emails it looks in. */
  verificationSearchLabel: 'Search by carer name or email',
  reportSearchLabel: 'Search by reporter or reported name or email',
  auditSearchLabel: 'Search by who made the change or who it is about (name or email)',
} as const;

export const AdminListQuery = z.object({
  q: oneLine(z.string().trim().max(100, ADMIN_LIST_MESSAGES.queryTooLong)).optional(),
  // A sorted list's cursor carries the last row's value (an email up to 254 characters).
  cursor: z.string().max(600, ADMIN_LIST_MESSAGES.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_PAGE_SIZE),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

// ---------------------------------------------------------------------------------------------
// Sorting the customer and carer tables: `sort` is one of the list's fixed keys, `order` asc or
// desc (when left out: newest first for 'joined', A to Z for the others). The server sorts, since
// the lists are paged; ties go by id, so a page never repeats or skips a row. The CSV export
// (GET /api/admin/users/csv, /api/admin/carers/csv) takes the same search and sort, every match.
// ---------------------------------------------------------------------------------------------

export const ADMIN_CUSTOMER_SORTS = ['name', 'email', 'joined', 'plan'] as const;
export type AdminCustomerSort = (typeof ADMIN_CUSTOMER_SORTS)[number];
export const ADMIN_CARER_SORTS = ['name', 'email', 'joined', 'verification'] as const;
export type AdminCarerSort = (typeof ADMIN_CARER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ADMIN_SORT_MESSAGES = {
  sortInvalid: 'Choose a column to sort by.',
  orderInvalid: 'Sort ascending or descending.',
} as const;

/** The order a list takes when the query names none. */
export const defaultSortOrder = (sort: string): SortOrder => (sort === 'joined' ? 'desc' : 'asc');

const sortOrder = z.enum(SORT_ORDERS, { error: ADMIN_SORT_MESSAGES.orderInvalid }).optional();

export const AdminCustomerListQuery = AdminListQuery.extend({
  // Left out: newest first (and the next page's link stays as it was).
  sort: z.enum(ADMIN_CUSTOMER_SORTS, { error: ADMIN_SORT_MESSAGES.sortInvalid }).optional(),
  order: sortOrder,
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuery>;
export const AdminCarerListQuery = AdminListQuery.extend({
  sort: z.enum(ADMIN_CARER_SORTS, { error: ADMIN_SORT_MESSAGES.sortInvalid }).optional(),
  order: sortOrder,
});
export type AdminCarerListQuery = z.infer<typeof AdminCarerListQuery>;
/** The CSV export: the table's search and sort, every matching row (no paging). */
export const AdminCustomerCsvQuery = AdminCustomerListQuery.omit({ cursor: true, limit: true });
export type AdminCustomerCsvQuery = z.infer<typeof AdminCustomerCsvQuery>;
export const AdminCarerCsvQuery = AdminCarerListQuery.omit({ cursor: true, limit: true });
export type AdminCarerCsvQuery = z.infer<typeof AdminCarerCsvQuery>;

/** The tables' column headings and the CSV button (the CSV's own headings are the same words). */
export const ADMIN_TABLE_TEXT = {
  name: 'Name',
  email: 'Email',
  joined: 'Joined',
  plan: 'Plan',
  expires: 'Expires',
  actions: 'Actions',
  specialisation: 'Specialisation',
  location: 'Location',
  rate: 'Rate',
  verification: 'Verification',
  listed: 'In search',
  suspended: 'Suspended',
  downloadCsv: 'Download CSV',
  noEmail: 'No account',
  yes: 'Yes',
  no: 'No',
} as const;

/** A carer's latest verification submission, in words (never the stored code). */
export const VERIFICATION_STATUS_WORDS = {
  none: 'Not submitted',
  pending: 'Awaiting review',
  approved: 'Checks approved',
  rejected: 'Checks rejected',
} as const satisfies Record<(typeof VERIFICATION_STATUSES)[number], string>;

/** A customer's plan as the admin tables show it (the same rule as the account's own screens). */
export type CustomerPlanState = 'Active' | 'Expired' | 'No Subscription';
export function customerPlanState(
  customer: { subscriptionStatus: string | null; subscriptionExpiresAt: string | null },
  now: number = Date.now(),
): CustomerPlanState {
  if (customer.subscriptionStatus !== 'active') return 'No Subscription';
  const end = customer.subscriptionExpiresAt
    ? new Date(customer.subscriptionExpiresAt).getTime()
    : Number.NaN;
  return !Number.isNaN(end) && end <= now ? 'Expired' : 'Active';
}

// ---------------------------------------------------------------------------------------------
// Admin sign-in (product.md, difference 2): the form's "username" is the admin's email.
// ---------------------------------------------------------------------------------------------

/** POST /api/admin/login. Any failure (unknown, wrong password, not an admin) answers 401 loginFailedBody. */
export const AdminLoginInput = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(128),
});
export type AdminLoginInput = z.infer<typeof AdminLoginInput>;

/** Shown under the admin login form in demo mode only (GET /api/admin/login-hint answers 404 otherwise). */
export const AdminLoginHint = z.object({ username: z.string(), password: z.string() });
export type AdminLoginHint = z.infer<typeof AdminLoginHint>;

// ---------------------------------------------------------------------------------------------
// Customers: GET /api/admin/users, GET /api/test/users (the same list), PUT and DELETE /api/test/users/{id}
// ---------------------------------------------------------------------------------------------

/** Product §3 user fields as the admin lists show them, plus suspension (safeguarding). */
export const CUSTOMER_BILLING_STATES = ['renewing', 'cancelled', 'refunded'] as const;

export const AdminCustomer = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  userType: z.literal('customer'),
  createdAt: z.string(),
  subscriptionStatus: z.string().nullable(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).nullable(),
  subscriptionExpiresAt: z.string().nullable(),
  /** When an admin suspended the account (it cannot sign in); null otherwise. */
  suspendedAt: z.string().nullable(),
  /**
   * How the plan ends, where there is something to say: a Monthly plan 'renewing' (next payment
   * `until`) or 'cancelled' (access until `until`), or a plan 'refunded' in its cooling-off period
   * (on `until`, `refundedPence` given back). Null otherwise, and on the lists that do not look it up.
   */
  billing: z
    .object({
      state: z.enum(CUSTOMER_BILLING_STATES),
      until: z.string().nullable(),
      refundedPence: z.number().int().nullable(),
    })
    .nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;
export type CustomerBilling = NonNullable<AdminCustomer['billing']>;

const shortUkDate = dateFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** The admin lists' words for how a plan ends: 'Renewing', 'Cancelled until 1 Jan 2027', 'Refunded £98.36'. */
export function customerBillingText(billing: CustomerBilling): string {
  const date = billing.until ? shortUkDate(new Date(billing.until)) : null;
  if (billing.state === 'renewing') return date ? `Renewing on ${date}` : 'Renewing';
  if (billing.state === 'cancelled') return date ? `Cancelled until ${date}` : 'Cancelled';
  const amount = billing.refundedPence === null ? '' : ` £${(billing.refundedPence / 100).toFixed(2)}`;
  return `Refunded${amount}${date ? ` on ${date}` : ''}`;
}

export const CUSTOMER_EDIT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Invalid email address',
  nameTooLong: 'Names can be at most 80 characters',
  emailTaken: 'Another account already uses this email address.',
} as const;

/** PUT /api/test/users/{id}: the customer edit form's rules (product §5). */
export const CustomerEditInput = z.object({
  firstName: oneLine(
    z
      .string({ error: CUSTOMER_EDIT_MESSAGES.firstNameRequired })
      .trim()
      .min(1, CUSTOMER_EDIT_MESSAGES.firstNameRequired)
      .max(PERSON_NAME_MAX_LENGTH, CUSTOMER_EDIT_MESSAGES.nameTooLong),
  ),
  lastName: oneLine(
    z
      .string({ error: CUSTOMER_EDIT_MESSAGES.lastNameRequired })
      .trim()
      .min(1, CUSTOMER_EDIT_MESSAGES.lastNameRequired)
      .max(PERSON_NAME_MAX_LENGTH, CUSTOMER_EDIT_MESSAGES.nameTooLong),
  ),
  email: z
    .string({ error: CUSTOMER_EDIT_MESSAGES.emailInvalid })
    .trim()
    .max(254, CUSTOMER_EDIT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CUSTOMER_EDIT_MESSAGES.emailInvalid })),
});
export type CustomerEditInput = z.infer<typeof CustomerEditInput>;

/** How many customers POST /api/test/create-sample-users makes each time. */
export const SAMPLE_CUSTOMER_COUNT = 3;

// ---------------------------------------------------------------------------------------------
// Subscription changes (product §4, §7, §9). The server computes the expiry from its own clock
// by the rule of the route; a client's `expiresAt` is accepted for the spec's payload and ignored.
//   PATCH /api/admin/users/{id}/subscription   admin dashboard: one calendar month / year ahead
//   PATCH /api/test/users/{id}/subscription    test customer page: as the admin dashboard
//   PUT   /api/test/users/{id}/subscription    Admin Management: 30 / 365 days ahead
// ---------------------------------------------------------------------------------------------

export const ADMIN_SUBSCRIPTION_ACTIONS = ['activateMonthly', 'activateAnnual', 'deactivate'] as const;
export type AdminSubscriptionAction = (typeof ADMIN_SUBSCRIPTION_ACTIONS)[number];

/** The expiry rule of each route. */
export const EXPIRY_RULES = {
  calendar: { monthly: { months: 1 }, annual: { months: 12 } },
  days: { monthly: { days: 30 }, annual: { days: 365 } },
} as const;
export type ExpiryRule = keyof typeof EXPIRY_RULES;

export const SubscriptionChangeInput = z
  .object({
    status: z.enum(['active', 'inactive'], { error: ADMIN_MESSAGES.statusInvalid }),
    type: z.enum(['monthly', 'annual']).nullable().optional(),
    expiresAt: z.string().nullable().optional(),
  })
  .refine((input) => input.status === 'inactive' || Boolean(input.type), {
    message: ADMIN_MESSAGES.subscriptionTypeRequired,
    path: ['type'],
  });
export type SubscriptionChangeInput = z.infer<typeof SubscriptionChangeInput>;

// ---------------------------------------------------------------------------------------------
// Carers: GET /api/admin/carers, GET/POST /api/test/carers, PUT/DELETE /api/test/carers/{id}
// ---------------------------------------------------------------------------------------------

/** A carer as the admin tools show it: every profile, listed or not. */
export const AdminCarer = PublicCarer.extend({
  createdAt: z.string(),
  /** Whether the profile shows in search now (active and within its listed period). */
  isListed: z.boolean(),
  /** The carer's account email; null for profiles an admin created without an account. */
  email: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /** The latest verification submission's state ('none' when the carer never submitted). */
  verificationStatus: z.enum(VERIFICATION_STATUSES),
});
export type AdminCarer = z.infer<typeof AdminCarer>;

/** Product §5 "Test admin carer form" and "Carer edit (test management page)" messages. */
export const ADMIN_CARER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  specializationRequired: 'Specialization is required',
  experienceRequired: 'Experience is required',
  locationRequired: 'Location is required',
  minRateRequired: 'Minimum rate is required',
  maxRateRequired: 'Maximum rate is required',
  descriptionRequired: 'Description is required',
  qualificationsRequired: 'Qualifications are required',
  checksNotQualifications:
    'DBS checks are not a qualification: approve them in Verification, where their level and date are recorded',
  availabilityRequired: 'Availability is required',
  textTooLong: 'This can be at most 120 characters',
  descriptionTooLong: CARER_MESSAGES.descriptionTooLong,
  rateFormat: CARER_MESSAGES.rateFormat,
  rateRange: CARER_MESSAGES.rateRange,
  minAboveMax: CARER_MESSAGES.minAboveMax,
  listsInvalid: 'Qualifications and availability must be lists of words.',
} as const;

const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, max === 120 ? ADMIN_CARER_MESSAGES.textTooLong : ADMIN_CARER_MESSAGES.descriptionTooLong);

const adminRate = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .min(1, message)
        .regex(/^\d{1,3}(\.\d{1,2})?$/, ADMIN_CARER_MESSAGES.rateFormat)
        .refine((v) => Number(v) >= 5 && Number(v) <= 500, ADMIN_CARER_MESSAGES.rateRange)
        .transform((v) => Number(v).toFixed(2)),
    );

/** A list sent as an array, or (multipart) as a JSON array string; items trimmed, blanks dropped. */
const adminList = (message: string) =>
  z
    .union([z.array(z.string()), z.string()], { error: message })
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string'))
          return parsed as string[];
      } catch {
        // Not JSON: fall through to comma-separated text.
      }
      if (value.trim().startsWith('[')) {
        ctx.addIssue({ code: 'custom', message: ADMIN_CARER_MESSAGES.listsInvalid });
        return z.NEVER;
      }
      return value.split(',');
    })
    .transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(80, ADMIN_CARER_MESSAGES.listsInvalid)).min(1, message).max(20));

/** Checks come from verification, so an admin cannot type one in as a qualification either. */
const adminQualifications = adminList(ADMIN_CARER_MESSAGES.qualificationsRequired).refine(
  (values) => !values.some(isCheckClaim),
  { message: ADMIN_CARER_MESSAGES.checksNotQualifications },
);

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', 'on'])])
  .transform((value) => value === true || value === 'true' || value === 'on');

/**
 * POST /api/test/carers (multipart fields), PUT /api/test/carers/{id} (multipart or JSON).
 * The admin tools use their own option lists and free-text experience (product §2), so
 * specialization and experience are checked as text here, not against the carer forms' lists.
 */
export const AdminCarerInput = z
  .object({
    firstName: oneLine(requiredText(ADMIN_CARER_MESSAGES.firstNameRequired, PERSON_NAME_MAX_LENGTH)),
    lastName: oneLine(requiredText(ADMIN_CARER_MESSAGES.lastNameRequired, PERSON_NAME_MAX_LENGTH)),
    specialization: oneLine(requiredText(ADMIN_CARER_MESSAGES.specializationRequired)),
    experience: oneLine(requiredText(ADMIN_CARER_MESSAGES.experienceRequired)),
    location: oneLine(requiredText(ADMIN_CARER_MESSAGES.locationRequired)),
    hourlyRateMin: adminRate(ADMIN_CARER_MESSAGES.minRateRequired),
    hourlyRateMax: adminRate(ADMIN_CARER_MESSAGES.maxRateRequired),
    description: multiLine(z.string({ error: ADMIN_CARER_MESSAGES.descriptionRequired }))
      .trim()
      .min(1, ADMIN_CARER_MESSAGES.descriptionRequired)
      .max(2000, ADMIN_CARER_MESSAGES.descriptionTooLong),
    qualifications: adminQualifications,
    availability: adminList(ADMIN_CARER_MESSAGES.availabilityRequired),
    /** Product §5: isVerified defaults to false. */
    isVerified: booleanish.default(false),
  })
  .refine((v) => Number(v.hourlyRateMin) <= Number(v.hourlyRateMax), {
    message: ADMIN_CARER_MESSAGES.minAboveMax,
    path: ['hourlyRateMax'],
  });
export type AdminCarerInput = z.infer<typeof AdminCarerInput>;
export type AdminCarerFormValues = z.input<typeof AdminCarerInput>;

/** The photo of POST/PUT /api/test/carers follows the carers' own upload rules. */
export const ADMIN_PHOTO_MAX_BYTES = PHOTO_MAX_BYTES;

/** The answer of DELETE /api/test/users/{id} and DELETE /api/test/carers/{id}. */
export const AdminDeletion = z.object({ id: z.string(), deleted: z.literal(true) });
export type AdminDeletion = z.infer<typeof AdminDeletion>;
