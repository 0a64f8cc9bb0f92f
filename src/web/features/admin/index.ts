// The public entry of the web feature admin: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { pagingOf, useAdminList } from './api/admin-lists';
export type { AdminListPage } from './api/admin-lists';
export { reloadAdminLists } from './api/admin-queries';
export { AdminListFooter, AdminListSearch } from './components/admin-list-controls';
export { AdminQueue } from './components/admin-queue';
export { ConfirmDialog } from './components/confirm-dialog';
export { Detail, QueueEmpty, QueueError, QueueLoading } from './components/queue-states';
