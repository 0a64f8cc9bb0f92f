// The public entry of the web feature messaging: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { conversationsQueryKey, refreshMessages } from './api/messaging-api';
export { useSendMessage } from './api/send-message';
export { DashboardMessages } from './components/dashboard-messages';
