// The public entry of the server feature arrangements: what other features, app.ts, the CLI and the demo
// seed may use of it. They import it only from here (eslint.config.js); its other files are its own.

export { arrangementsPlugin } from './arrangements.plugin';
export { createArrangementEndings } from './arrangement-endings';
export { createCoverLeaving } from './cover-leaving';
export { visitsBetween } from './visit-schedule';
export {
  createTimesheetSource,
  type BilledArrangement,
  type RecordedVisit,
  type StatementVisitRow,
  type TimesheetSource,
} from './timesheet-source';
