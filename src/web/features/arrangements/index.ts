// The public entry of the web feature arrangements: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export {
  arrangementsQueryKey,
  useArrangements,
  useCalendarFeed,
  useSetCalendarFeed,
  visitsQueryKey,
} from './api/arrangements-api';
export { ArrangementCard, ArrangementFormDialog } from './components/arrangement-card';
export { isOpenArrangement, requestAnsweredIn } from './components/arrangement-format';
export { DashboardSchedule } from './components/dashboard-schedule';
export { CoverOffersList, OnYourWay } from './components/cover';
export { TodayOffline } from './components/today-offline';
