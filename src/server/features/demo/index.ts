// The public entry of the server feature demo: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { demoPlugin } from './demo.plugin';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
