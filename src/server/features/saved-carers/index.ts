// The public entry of the server feature saved-carers: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { savedCarersPlugin } from './saved-carers.plugin';
