// The public entry of the web feature subscriptions: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { useCarerMembership } from './api/membership';
export { useSubscriptionStatus } from './api/subscriptions';
export { CancelMembershipButton } from './components/cancel-membership';
export { CancelPlanButton } from './components/cancel-plan';
export { MatchingCarersCount } from './components/matching-carers-count';
export { MembershipCard } from './components/membership-card';
export { MembershipSummary } from './components/membership-summary';
export { subscriptionDisplayState } from './components/subscription-state';
