// The public entry of the web feature verification: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { useMyCompliance } from './api/compliance';
export { useMyVerification } from './api/verification';
export { ComplianceCard } from './components/compliance-card';
export { ComplianceQueue } from './components/compliance-queue';
export { VerificationCard } from './components/verification-card';
export { VerificationQueue } from './components/verification-queue';
