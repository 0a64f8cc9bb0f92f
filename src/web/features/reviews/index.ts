// The public entry of the web feature reviews: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { CarerProfileReviews } from './components/carer-profile-reviews';
export { MyReviewPanel } from './components/carer-review-form';
export { DashboardReviews } from './components/dashboard-reviews';
