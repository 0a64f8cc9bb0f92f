// The public entry of the web feature auth: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { EnrolmentDetails } from './components/enrolment-details';
export { RecoveryCodeList } from './components/recovery-code-list';
