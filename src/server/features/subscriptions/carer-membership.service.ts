import { CARER_MEMBERSHIP } from '@contracts/pricing';
import {
  SUBSCRIPTION_MESSAGES,
  type CarerMembership,
  type ExtendInput,
  type CarerMembershipState,
  type StartMembershipResponse,
} from '@contracts/subscriptions';
import type { BillingSubscriptionRow, CarerProfileRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { addCalendarMonths, laterOf } from '../../platform/calendar';
import type { PaymentStarter } from './payment-starter';
import { toPaymentHistoryItem } from './subscriptions.service';
import type { SubscriptionsRepository } from './subscriptions.repository';
import { assertEmailConfirmed } from '../auth';

/**
 * The carer membership (product §1: £29 a month). A new profile is listed for an introductory 30 days;
 * after that it is listed while its paid period lasts (`carer_profiles.listed_until`), which every
 * paid invoice moves on (payment-events.ts).
 */
export function createCarerMembershipService({
  repository,
  starter,
  now = () => new Date(),
}: {
  repository: SubscriptionsRepository;
  provider: PaymentProvider;
  starter: PaymentStarter;
  now?: () => Date;
}) {
  async function carerProfile(user: UserRow): Promise<CarerProfileRow> {
    if (user.role !== 'carer') throw AppError.forbidden(SUBSCRIPTION_MESSAGES.onlyCarers);
    const profile = await repository.findCarerProfile(user.id);
    if (!profile) throw AppError.notFound(SUBSCRIPTION_MESSAGES.carerProfileRequired);
    return profile;
  }

  function stateOf(
    profile: CarerProfileRow,
    live: BillingSubscriptionRow | undefined,
    everPaid: boolean,
    at: Date,
  ): CarerMembershipState {
    const listed = profile.listedUntil > at;
    if (live) {
      if (live.status === 'past_due') return 'past_due';
      if (live.cancelAtPeriodEnd) return listed ? 'cancelling' : 'lapsed';
      return 'active';
    }
    if (!listed) return 'lapsed';
    return everPaid ? 'cancelling' : 'introductory';
  }

  async function membership(user: UserRow): Promise<CarerMembership> {
    const profile = await carerProfile(user);
    const [live, payments] = await Promise.all([
      repository.findLiveBillingSubscription(user.id, 'carer_membership'),
      repository.listPaymentHistory(user.id, ['carer_membership']),
    ]);
    const everPaid = payments.some((payment) => payment.status === 'succeeded');
    const at = now();
    const state = stateOf(profile, live, everPaid, at);
    const renews = state === 'active' || state === 'past_due';
    return {
      state,
      listedUntil: profile.listedUntil.toISOString(),
      nextPaymentDate: renews ? (live?.currentPeriodEnd?.toISOString() ?? null) : null,
      // A first month paid now is listed to the later of its end and the current listing
      // (payment-events.ts: a listing never shortens).
      listedUntilIfPaid: renews
        ? null
        : laterOf(profile.listedUntil, addCalendarMonths(at, CARER_MEMBERSHIP.months)).toISOString(),
      renewalNeedsChoice: state === 'cancelling',
      payments: payments.map(toPaymentHistoryItem),
    };
  }

  return {
    get: membership,

    /** Starts the first £29 payment; the listing moves on once it is confirmed. */
    async start(user: UserRow, input: ExtendInput): Promise<StartMembershipResponse> {
      await carerProfile(user);
      assertEmailConfirmed(user);
      const live = await repository.findLiveBillingSubscription(user.id, 'carer_membership');
      if (live && !live.cancelAtPeriodEnd)
        throw AppError.conflict(SUBSCRIPTION_MESSAGES.membershipAlreadyActive);
      // A new membership while a paid one still lists the profile is the
      // carer's explicit choice, made where the new listing date was shown (decision 0027).
      if (input?.extend !== true && (await membership(user)).renewalNeedsChoice) {
        throw AppError.conflict(SUBSCRIPTION_MESSAGES.membershipRenewalRequired);
      }
      const { clientSecret } = await starter.start(user, 'carer_membership');
      return { clientSecret };
    },

    /** No more renewals (`stop`: subscription-ending.service.ts); the listing runs to its end. */
    async cancel(user: UserRow, stop: (user: UserRow) => Promise<void>): Promise<CarerMembership> {
      await carerProfile(user);
      await stop(user);
      return membership(user);
    },
  };
}
export type CarerMembershipService = ReturnType<typeof createCarerMembershipService>;
