import {
  ADMIN_MESSAGES,
  ADMIN_TOASTS,
  CUSTOMER_EDIT_MESSAGES,
  EXPIRY_RULES,
  SAMPLE_CUSTOMER_COUNT,
  type AdminCarer,
  type AdminCarerInput,
  type AdminCustomer,
  defaultSortOrder,
  type AdminCarerCsvQuery,
  type AdminCarerListQuery,
  type AdminCustomerCsvQuery,
  type AdminCustomerListQuery,
  type AdminLoginInput,
  type CustomerBilling,
  type CustomerEditInput,
  type ExpiryRule,
  type SubscriptionChangeInput,
} from '@contracts/admin';
import type { Database, Executor } from '../../db/client';
import type { CarerProfileRow, UserRow } from '../../db/schema';
import { slotMask, weekFromTags } from '@contracts/availability';
import { decodeSortedCursor, type AdminKeyset, type AdminPage } from '../../platform/admin-paging';
import { toCsv } from '../../platform/csv';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions/session.service';
import { createPhotoPipeline, photoKeyOf, type NewPhoto } from '../../platform/photos';
import type { FileStorage } from '../../platform/storage';
import { createArrangementEndings, createCoverLeaving } from '../arrangements';
import { createAuditRecorder, type AuditRecord } from '../audit';
import type { AuthService, SignInOutcome } from '../auth';
import { postcodeDistrictIn } from '../carers';
import type { AccountErasure } from '../privacy';
import { addCalendarMonths } from '../../platform/calendar';
import { hasActiveSubscription } from '../subscriptions';
import {
  carerAuditFields,
  changedFields,
  customerAuditFields,
  toAdminCarer,
  toAdminCustomer,
} from './admin-mapper';
import { carerCsvRow, customerCsvRow } from './admin-csv';
import { adminOverview } from './admin-overview';
import { createAdminRepository, type AdminCarerValues, type AdminRepository } from './admin.repository';
import { sampleCustomers } from './sample-customers';

const DAY_MS = 86_400_000;
/** The CSV export reads the list in pages of this many rows (every match, without one huge read). */
const CSV_PAGE_ROWS = 500;

/**
 * A table's sort as the repository takes it, and the cursor's sort token: none for the default
 * (newest first), whose cursors stay as they were.
 */
function sortOf<S extends string>(query: { sort?: S | undefined; order?: 'asc' | 'desc' | undefined }) {
  const sort = query.sort ?? ('joined' as S);
  const order = query.order ?? defaultSortOrder(sort);
  const token = sort === 'joined' && order === 'desc' ? null : `${sort}.${order}`;
  return {
    sort,
    ascending: order === 'asc',
    cursor: token ? { token, time: sort === 'joined' } : null,
  };
}

/** Every page of a sorted list, read one after another. */
async function everyPage<T>(
  read: (after: AdminKeyset | null, limit: number) => Promise<AdminPage<T>>,
): Promise<T[]> {
  const rows: T[] = [];
  let after: AdminKeyset | null = null;
  do {
    const page = await read(after, CSV_PAGE_ROWS);
    rows.push(...page.rows);
    after = page.next;
  } while (after);
  return rows;
}
/**
 * Profiles an admin creates have no account, so no membership can keep them listed: they are
 * listed for a century, i.e. until an admin deletes them (docs/decisions/0008-admin-tools.md).
 */
export const ADMIN_CARER_LISTING_YEARS = 100;

interface AdminServiceDeps {
  admin: AdminRepository;
  db: Database;
  storage: FileStorage;
  auth: AuthService;
  /** Account deletion's erasure (privacy feature): one definition of what deleting an account removes. */
  erasure: AccountErasure;
  /** Stops the account's recurring plans with the payment provider before its deletion (502 if it cannot). */
  cancelRecurringPlans: (userId: string) => Promise<unknown>;
  /** Stops a customer's renewing plan with the provider when an admin ends it (true if one renewed). */
  stopRenewals?: (userId: string) => Promise<boolean>;
  /** The site's address, for the links in the emails about ended arrangements. */
  publicUrl: string;
  /** The server's clock: every expiry is computed from it, never from the client's. */
  now?: () => Date;
}

/** Who acts, and from where, for the audit log. */
export interface Actor {
  user: UserRow;
  ipAddress?: string | undefined;
}

/** The expiry an activation gets under the route's rule (product §4 and §9). */
export function expiryFor(rule: ExpiryRule, type: 'monthly' | 'annual', from: Date): Date {
  if (rule === 'calendar') return addCalendarMonths(from, EXPIRY_RULES.calendar[type].months);
  return new Date(from.getTime() + EXPIRY_RULES.days[type].days * DAY_MS);
}

/**
 * The columns an admin's profile write sets. The week follows the tags (weekFromTags), unless the
 * tags are the profile's present ones: then the carer's own finer grid stays.
 */
const carerValues = (input: AdminCarerInput, before?: CarerProfileRow): AdminCarerValues => ({
  firstName: input.firstName,
  lastName: input.lastName,
  specialization: input.specialization,
  experience: input.experience,
  location: input.location,
  postcodeDistrict: postcodeDistrictIn(input.location),
  hourlyRateMin: input.hourlyRateMin,
  hourlyRateMax: input.hourlyRateMax,
  description: input.description,
  qualifications: input.qualifications,
  availability: input.availability,
  availabilitySlots:
    before && before.availability.join() === input.availability.join()
      ? before.availabilitySlots
      : slotMask(weekFromTags(input.availability).slots),
  isVerified: input.isVerified,
});

export function createAdminService({
  admin,
  db,
  storage,
  auth,
  erasure,
  cancelRecurringPlans,
  stopRenewals = async () => false,
  publicUrl,
  now = () => new Date(),
}: AdminServiceDeps) {
  const photos = createPhotoPipeline(storage);
  /**
   * How each listed customer's plan ends: a Monthly plan renewing or cancelled, or a plan refunded
   * in its cooling-off period (while no other access runs).
   */
  async function customerBilling(rows: UserRow[]): Promise<Map<string, CustomerBilling>> {
    const found = await admin.billingOf(rows.map((row) => row.id));
    const at = now();
    const states = new Map<string, CustomerBilling>();
    for (const row of rows) {
      const live = found.subscriptions.find((subscription) => subscription.userId === row.id);
      if (live) {
        states.set(row.id, {
          state: live.cancelAtPeriodEnd ? 'cancelled' : 'renewing',
          until: (live.currentPeriodEnd ?? row.subscriptionExpiresAt)?.toISOString() ?? null,
          refundedPence: null,
        });
        continue;
      }
      const refund = found.refunds.find((payment) => payment.userId === row.id && payment.refundedPence);
      if (refund && !hasActiveSubscription(row, at)) {
        states.set(row.id, {
          state: 'refunded',
          until: refund.refundedAt?.toISOString() ?? null,
          refundedPence: refund.refundedPence,
        });
      }
    }
    return states;
  }

  /** Runs `change` and its audit entries in one transaction: both commit or neither does. */
  function audited<T>(
    actor: Actor,
    change: (
      repository: AdminRepository,
      record: (entry: Omit<AuditRecord, 'actorId' | 'ipAddress'>) => Promise<void>,
      tx: Executor,
    ) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const audit = createAuditRecorder(tx);
      return change(
        createAdminRepository(tx),
        (entry) => audit.record({ ...entry, actorId: actor.user.id, ipAddress: actor.ipAddress ?? null }),
        tx,
      );
    });
  }

  /** The customer account `id`, locked for the change: 404 when missing, 400 for other roles. */
  async function lockedCustomer(repository: AdminRepository, id: string): Promise<UserRow> {
    const user = await repository.findUser(id, true);
    if (!user) throw AppError.notFound(ADMIN_MESSAGES.customerNotFound);
    if (user.role !== 'customer') throw AppError.badRequest(ADMIN_MESSAGES.notACustomer);
    return user;
  }

  /** Deletes files once the rows pointing at them are gone; a failure leaves an orphan, never a dangling row. */
  async function deleteFiles(keys: string[]) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
  }

  async function carerById(id: string): Promise<AdminCarer> {
    const row = await admin.findCarer(id);
    if (!row) throw AppError.notFound(ADMIN_MESSAGES.carerNotFound);
    return toAdminCarer(row, now());
  }

  return {
    /** The admin landing page: the queues' counts and the last weeks (UK weeks, Monday first). */
    overview: () => adminOverview(db, now()),
    /**
     * Admin sign-in (product.md, difference 2) through the one sign-in of the auth service (throttling,
     * argon2, session rotation, admin session lifetimes, two-factor, the audit record). Anything
     * but an admin able to sign in gets the same 401; the throttle's 429 stands.
     */
    async login(
      input: AdminLoginInput,
      context: SessionContext & { ipAddress: string },
      previousToken?: string,
    ): Promise<SignInOutcome> {
      try {
        return await auth.login(
          { email: input.username, password: input.password },
          context,
          previousToken,
          'admin',
        );
      } catch (error) {
        if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 403)) {
          throw AppError.unauthorized(ADMIN_TOASTS.loginFailedBody);
        }
        throw error;
      }
    },

    // ── customers ─────────────────────────────────────────────────────────────────────────────
    /** One page of customers in the table's sort; a forged cursor, or another sort's, is a 400. */
    async listCustomers(query: AdminCustomerListQuery): Promise<AdminPage<AdminCustomer>> {
      const at = now();
      const { cursor, ...sort } = sortOf(query);
      const page = await admin.listCustomers({
        q: query.q || undefined,
        ...sort,
        after: decodeSortedCursor(query.cursor, cursor),
        limit: query.limit,
        at,
      });
      const billing = await customerBilling(page.rows);
      return {
        ...page,
        rows: page.rows.map((row) => toAdminCustomer(row, billing.get(row.id) ?? null)),
        next: page.next && cursor ? { ...page.next, sort: cursor.token } : page.next,
      };
    },

    /** Every customer the search finds, in the table's sort, as CSV. */
    async customersCsv(query: AdminCustomerCsvQuery): Promise<string> {
      const at = now();
      const { cursor: _cursor, ...sort } = sortOf(query);
      const rows = await everyPage(async (after, limit) => {
        const page = await admin.listCustomers({ q: query.q || undefined, ...sort, after, limit, at });
        const billing = await customerBilling(page.rows);
        return { ...page, rows: page.rows.map((row) => toAdminCustomer(row, billing.get(row.id) ?? null)) };
      });
      return toCsv(rows.map((customer) => customerCsvRow(customer, at)));
    },

    async updateCustomer(actor: Actor, id: string, input: CustomerEditInput): Promise<AdminCustomer> {
      const emailTaken = () =>
        AppError.conflict(CUSTOMER_EDIT_MESSAGES.emailTaken, { email: CUSTOMER_EDIT_MESSAGES.emailTaken });
      try {
        return await audited(actor, async (repository, record) => {
          const before = await lockedCustomer(repository, id);
          if (await repository.emailTakenByOther(input.email, id)) throw emailTaken();
          const after = await repository.updateUser(id, input, now());
          const diff = changedFields(customerAuditFields(before), customerAuditFields(after));
          await record({ action: 'customer.updated', entityType: 'user', entityId: id, ...diff });
          return toAdminCustomer(after);
        });
      } catch (error) {
        // Two edits racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * Deletes a customer account with the same erasure as "Delete my account" (decision 0011):
     * its recurring plan is cancelled with the provider first; messages it sent stay for the other
     * person with no sender ('Deleted user'); reviews it wrote are deleted. Its files are deleted from
     * storage after the commit. The admin's own audit entry keeps who was deleted.
     */
    async deleteCustomer(actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
      if (id === actor.user.id) throw AppError.badRequest(ADMIN_MESSAGES.cannotChangeOwnAccount);
      const found = await admin.findUser(id);
      if (found?.role === 'customer') await cancelRecurringPlans(id);
      const keys = await audited(actor, async (repository, record, tx) => {
        const user = await lockedCustomer(repository, id);
        const owned = await erasure.erase(tx, user, now());
        await record({
          action: 'customer.deleted',
          entityType: 'user',
          entityId: id,
          before: customerAuditFields(user),
          after: null,
        });
        return owned;
      });
      await deleteFiles(keys);
      return { id, deleted: true };
    },

    /** Sets a customer's plan; an activation's expiry comes from the route's rule and the server's clock. */
    async changeSubscription(
      actor: Actor,
      id: string,
      input: SubscriptionChangeInput,
      rule: ExpiryRule,
    ): Promise<AdminCustomer> {
      // Ending a plan ends its billing too: the provider first (a 502 changes nothing here).
      const target = input.status === 'active' ? undefined : await admin.findUser(id);
      const renewalsStopped = target?.role === 'customer' ? await stopRenewals(id) : false;
      return audited(actor, async (repository, record) => {
        const before = await lockedCustomer(repository, id);
        const at = now();
        const values =
          input.status === 'active' && input.type
            ? {
                subscriptionStatus: 'active',
                subscriptionType: input.type,
                subscriptionExpiresAt: expiryFor(rule, input.type, at),
              }
            : { subscriptionStatus: 'inactive', subscriptionType: null, subscriptionExpiresAt: null };
        const after = await repository.updateUser(id, values, at);
        const fields = (user: UserRow) => {
          const { subscriptionStatus, subscriptionType, subscriptionExpiresAt } = customerAuditFields(user);
          return { subscriptionStatus, subscriptionType, subscriptionExpiresAt };
        };
        await record({
          action: input.status === 'active' ? 'subscription.activated' : 'subscription.deactivated',
          entityType: 'subscription',
          entityId: id,
          before: fields(before),
          after: { ...fields(after), rule, ...(renewalsStopped ? { renewalsStopped } : {}) },
        });
        return toAdminCustomer(after);
      });
    },

    /** SAMPLE_CUSTOMER_COUNT customers with realistic UK names, no password (they cannot sign in). */
    async createSampleCustomers(actor: Actor): Promise<AdminCustomer[]> {
      const at = now();
      const created = await audited(actor, async (repository, record) => {
        const rows = await repository.insertCustomers(
          sampleCustomers(SAMPLE_CUSTOMER_COUNT).map((sample, index) => ({
            ...sample,
            // One millisecond apart, so "newest first" has a stable order.
            createdAt: new Date(at.getTime() + index),
          })),
        );
        await record({
          action: 'sample-customers.created',
          entityType: 'user',
          entityId: null,
          before: null,
          after: rows.map((row) => ({ id: row.id, email: row.email })),
        });
        return rows;
      });
      return created.map((row) => toAdminCustomer(row));
    },

    // ── carers ────────────────────────────────────────────────────────────────────────────────
    async listCarers(query: AdminCarerListQuery): Promise<AdminPage<AdminCarer>> {
      const at = now();
      const { cursor, ...sort } = sortOf(query);
      const page = await admin.listCarers({
        q: query.q || undefined,
        ...sort,
        after: decodeSortedCursor(query.cursor, cursor),
        limit: query.limit,
        at,
      });
      return {
        ...page,
        rows: page.rows.map((row) => toAdminCarer(row, at)),
        next: page.next && cursor ? { ...page.next, sort: cursor.token } : page.next,
      };
    },

    /** Every carer profile the search finds, in the table's sort, as CSV. */
    async carersCsv(query: AdminCarerCsvQuery): Promise<string> {
      const at = now();
      const { cursor: _cursor, ...sort } = sortOf(query);
      const rows = await everyPage((after, limit) =>
        admin.listCarers({ q: query.q || undefined, ...sort, after, limit, at }),
      );
      return toCsv(rows.map((row) => carerCsvRow(toAdminCarer(row, at))));
    },

    /** A profile with no account, listed until deleted; the photo (optional) goes through the photo pipeline. */
    async createCarer(actor: Actor, input: AdminCarerInput, upload?: Buffer): Promise<AdminCarer> {
      const create = (photo?: NewPhoto) =>
        audited(actor, async (repository, record, tx) => {
          const createdAt = now();
          const listedUntil = new Date(createdAt);
          listedUntil.setUTCFullYear(listedUntil.getUTCFullYear() + ADMIN_CARER_LISTING_YEARS);
          const values = carerValues(input);
          const photoUrl = photo?.url ?? null;
          const carerId = await repository.insertCarer({ ...values, createdAt, listedUntil, photoUrl });
          await photo?.recordIn(tx, { ownerId: null, replaces: [], stillShown: repository.photoShown });
          await record({
            action: 'carer.created',
            entityType: 'carer',
            entityId: carerId,
            before: null,
            after: { ...values, photoUrl, listedUntil: listedUntil.toISOString() },
          });
          return carerId;
        });
      const id = upload ? await photos.replace(upload, create) : await create();
      return carerById(id);
    },

    /** Updates any profile (the test admin and Admin Management, product §2); a new photo replaces the old after commit. */
    async updateCarer(
      actor: Actor,
      id: string,
      input: AdminCarerInput,
      upload?: Buffer,
    ): Promise<AdminCarer> {
      if (!(await admin.findCarer(id))) throw AppError.notFound(ADMIN_MESSAGES.carerNotFound);
      const update = (photo?: NewPhoto) =>
        audited(actor, async (repository, record, tx) => {
          const before = await repository.lockCarer(id);
          if (!before) throw AppError.notFound(ADMIN_MESSAGES.carerNotFound);
          if (photo) {
            await repository.setCarerPhoto(id, before.userId, photo.url, now());
            await photo.recordIn(tx, {
              ownerId: before.userId,
              replaces: [before.photoUrl],
              stillShown: repository.photoShown,
            });
          }
          await repository.updateCarer(id, carerValues(input, before), now());
          const after = await repository.lockCarer(id);
          if (!after) throw new Error(`carer profile ${id} vanished`);
          const diff = changedFields(carerAuditFields(before), carerAuditFields(after));
          await record({ action: 'carer.updated', entityType: 'carer', entityId: id, ...diff });
        });
      if (upload) await photos.replace(upload, update);
      else await update();
      return carerById(id);
    },

    /**
     * Deletes the profile with its reviews, saved entries and verification submissions (cascade);
     * its photo and documents leave storage after the commit. Its conversations stay for the
     * families ('Deleted user', no replies). The carer's account, if any, stays.
     */
    async deleteCarer(actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
      const keys = await audited(actor, async (repository, record, tx) => {
        const profile = await repository.lockCarer(id);
        if (!profile) throw AppError.notFound(ADMIN_MESSAGES.carerNotFound);
        const at = now();
        // Its part in others' cover goes (decision 0037); its arrangements end today and the
        // families are told (decision 0024).
        await createCoverLeaving(tx, { publicUrl }).leave({ userId: null, carerId: id }, at);
        await createArrangementEndings(tx, { publicUrl }).end({ userId: null, carerId: id }, 'closed', at);
        await repository.deleteCarer(profile, at);
        // The photo goes with the profile, unless another account or profile still shows it.
        const photoKey =
          profile.photoUrl && !(await repository.photoShown(profile.photoUrl))
            ? photoKeyOf(profile.photoUrl)
            : undefined;
        const files = [...(photoKey ? [photoKey] : []), ...(await repository.verificationDocumentKeys(id))];
        await repository.deleteUploadsByKey(files);
        await record({
          action: 'carer.deleted',
          entityType: 'carer',
          entityId: id,
          before: carerAuditFields(profile),
          after: null,
        });
        return files;
      });
      await deleteFiles(keys);
      return { id, deleted: true };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
