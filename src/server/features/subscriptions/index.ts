// The public entry of the server feature subscriptions: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { subscriptionsPlugin } from './subscriptions.plugin';
export { inRefundedAccess } from './refunded-access';
export { hasActiveSubscription, isHeldBack } from './subscription-access';
export { createPaymentEventsStore } from './payment-events.store';
