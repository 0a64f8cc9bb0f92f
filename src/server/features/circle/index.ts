// The public entry of the server feature circle: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { circlePlugin } from './circle.plugin';
export type { CircleService } from './circle.service';
export { circleFirstNamesOf, circleRoleIn, familyAccountsOf, wantsEmailSql } from './circle.repository';
export { createFamilySide, type FamilyPerson, type FamilyRecipient, type FamilySide } from './family-side';
