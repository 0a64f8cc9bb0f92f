// The public entry of the server feature privacy: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { privacyPlugin } from './privacy.plugin';
export type { AccountErasure } from './account-deletion';
