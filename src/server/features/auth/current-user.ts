import type { CurrentUser } from '@contracts/auth';
import type { UserRow } from '../../db/schema';

/** The only shape in which a user leaves the server to themselves: never the password hash. */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    userType: user.role === 'carer' ? 'carer' : 'customer',
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    subscriptionStatus: user.subscriptionStatus,
    subscriptionType: user.subscriptionType,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
    emailVerified: user.emailVerifiedAt !== null,
  };
}
