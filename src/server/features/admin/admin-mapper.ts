import type { AdminCarer, AdminCustomer, CustomerBilling } from '@contracts/admin';
import type { UserRow } from '../../db/schema';
import { isListed, toPublicCarer } from '../carers';
import type { AdminCarerRow } from './admin.repository';

/** A customer account as the admin lists show it (never the password hash). */
export function toAdminCustomer(user: UserRow, billing: CustomerBilling | null = null): AdminCustomer {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    userType: 'customer',
    createdAt: user.createdAt.toISOString(),
    subscriptionStatus: user.subscriptionStatus,
    subscriptionType: user.subscriptionType,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    billing,
  };
}

export function toAdminCarer(row: AdminCarerRow, now: Date = new Date()): AdminCarer {
  return {
    ...toPublicCarer(row.profile),
    createdAt: row.profile.createdAt.toISOString(),
    isListed: isListed(row.profile, now),
    email: row.email,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    verificationStatus: row.verificationStatus,
  };
}

/** The fields an audit entry keeps of a customer: what the admin tools change, never secrets. */
export function customerAuditFields(user: UserRow) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionType: user.subscriptionType,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
  };
}

export function carerAuditFields(profile: AdminCarerRow['profile']) {
  return {
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    photoUrl: profile.photoUrl,
    specialization: profile.specialization,
    experience: profile.experience,
    location: profile.location,
    hourlyRateMin: profile.hourlyRateMin,
    hourlyRateMax: profile.hourlyRateMax,
    description: profile.description,
    qualifications: profile.qualifications,
    availability: profile.availability,
    isVerified: profile.isVerified,
  };
}

/** Only the fields whose value differs, as { before, after } halves of an audit entry. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const changedBefore: Partial<T> = {};
  const changedAfter: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changedBefore[key] = before[key];
      changedAfter[key] = after[key];
    }
  }
  return { before: changedBefore, after: changedAfter };
}
