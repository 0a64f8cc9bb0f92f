// The public entry of the server feature settings: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { settingsPlugin } from './settings.plugin';
export { deviceName } from './device-name';
