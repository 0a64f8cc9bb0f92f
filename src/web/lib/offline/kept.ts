// Whether this browser keeps anything of a signed-in person for offline use: a flag the offline
// store sets when it keeps something and removes when it clears (offline-store.ts). Its own tiny
// module, so a visitor's first page can ask without loading the store.
const KEPT_FLAG = 'carematch-offline-kept';

export function keepsOfflineData(): boolean {
  try {
    return localStorage.getItem(KEPT_FLAG) !== null;
  } catch {
    // Storage refused (private mode): assume something may be kept, so clearing still runs.
    return true;
  }
}

export const OFFLINE_KEPT_FLAG = KEPT_FLAG;
