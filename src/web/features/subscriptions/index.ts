// The public entry of the web feature subscriptions: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export {
  carerMembershipQueryOptions,
  subscriptionStatusQueryOptions,
  useCancelMembership,
} from './api/payments-api';
export { CancelPlanButton } from './components/cancel-plan';
export { MembershipCard } from './components/membership-card';
export { subscriptionDisplayState } from './components/subscription-state';
