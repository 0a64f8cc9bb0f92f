// The public entry of the web feature demo: what other features may use of it (eslint.config.js).

export { useDemoMailbox } from './api/mailbox';
