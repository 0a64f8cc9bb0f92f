// The public entry of the web feature safeguarding: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { SafeguardingQueue } from './components/safeguarding-queue';
