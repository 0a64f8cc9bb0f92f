// A family circle invitation opened by someone who cannot accept it yet (signed out, or their
// address not proved): its secret is kept in this browser until the invitation expires, is
// accepted, or turns out invalid, so signing in, registering and the emailed link (a new tab)
// all come back to the invitation. Never in an address (decision 0020), only here.
const INVITATION_KEY = 'carematch:circle-invitation';

export function keepPendingInvitation(token: string, expiresAt: string): void {
  const until = Date.parse(expiresAt);
  if (token === '' || Number.isNaN(until)) return;
  try {
    localStorage.setItem(INVITATION_KEY, JSON.stringify({ token, until }));
  } catch {
    // Storage may be full or blocked: the link in the email still works when opened again.
  }
}

/** The kept secret while its invitation has not expired, or ''. */
export function readPendingInvitation(now = Date.now()): string {
  try {
    const raw = localStorage.getItem(INVITATION_KEY);
    if (!raw) return '';
    const saved = JSON.parse(raw) as { token?: unknown; until?: unknown };
    if (typeof saved.token !== 'string' || typeof saved.until !== 'number' || saved.until < now) {
      forgetPendingInvitation();
      return '';
    }
    return saved.token;
  } catch {
    return '';
  }
}

export function forgetPendingInvitation(): void {
  try {
    localStorage.removeItem(INVITATION_KEY);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
