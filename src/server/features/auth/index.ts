// The public entry of the server feature auth: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { authPlugin } from './auth.plugin';
export { createAccountsStore, type AccountChanges } from './accounts.store';
export type { AuthService, SignInOutcome } from './auth.service';
export { createCurrentPasswordCheck } from './current-password';
export { toCurrentUser } from './current-user';
export { assertEmailConfirmed } from './email-confirmed';
export { hashPassword, passwordProblem, verifyPassword } from './password';
export { linkTokenHasher, newLinkToken } from './password-reset.service';
export { sendSignInOutcome } from './sign-in-reply';
export type { SignInThrottle } from './sign-in-throttle';
