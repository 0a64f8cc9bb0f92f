// Where "Continue" goes once an address is proved. Registering (or being asked to confirm) is left
// for the emailed link, which a mail app opens in a new tab, so the page that sent the person off
// (a family circle invitation, say) is remembered in this browser's local storage, not the tab's.
// A path only, never a secret; read back through safeReturnPath, so never another site.
import { EMAIL_VERIFICATION_TTL_HOURS, safeReturnPath } from '@contracts/auth';

const RETURN_KEY = 'carematch:return-after-email-proof';
const HOUR_MS = 3_600_000;

/**
 * Remembers `path` for as long as the emailed link works; '/' (nowhere particular) or an unsafe
 * path forgets any path remembered before.
 */
export function rememberReturnAfterEmailProof(path: string, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (safe === '/') return forgetReturnAfterEmailProof();
  try {
    localStorage.setItem(
      RETURN_KEY,
      JSON.stringify({ path: safe, until: now + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS }),
    );
  } catch {
    // Storage may be full or blocked: "Continue" then goes where it goes for everyone.
  }
}

/** The remembered path while the link it waited for still works, or null. */
export function readReturnAfterEmailProof(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(RETURN_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { path?: unknown; until?: unknown };
    if (typeof saved.until !== 'number' || saved.until < now) return null;
    const safe = safeReturnPath(saved.path);
    return safe === '/' ? null : safe;
  } catch {
    return null;
  }
}

export function forgetReturnAfterEmailProof(): void {
  try {
    localStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
