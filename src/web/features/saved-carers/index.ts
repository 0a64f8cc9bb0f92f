// The public entry of the web feature saved-carers: what other features may use of it. They import
// it only from here (eslint.config.js); pages are not here, the router loads each lazily.

export { savedCarersQueryKey } from './api/saved-carers';
export { SaveCarerButton } from './components/save-carer-button';
