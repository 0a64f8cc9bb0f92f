// The own-profile query lives in lib/ because Settings asks it too (whether to offer request alerts).
export { myProfileQueryKey, myProfileQueryOptions, useMyProfile } from '@web/lib/own-carer-profile';
