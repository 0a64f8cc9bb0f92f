// The public entry of the web feature carers: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { myProfileQueryKey } from './api/my-profile';
export { CarerCardSkeleton } from './components/carer-card-skeleton';
export { CarerCard } from './components/carer-card';
