// The public entry of the server feature push: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { pushPlugin } from './push.plugin';
export { enqueuePush, previewText, pushNoticeSql, type PushNotice } from './push-notices';
export type { PushDispatcher } from './push-dispatcher';
