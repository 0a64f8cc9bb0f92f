// What this browser keeps while a family circle invitation waits for a sign-in, a registration or
// the emailed link: the invitation's secret until it expires, and the way back (a same-site path
// only, never another site) for as long as the confirmation link works.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetReturnAfterEmailProof,
  readReturnAfterEmailProof,
  rememberReturnAfterEmailProof,
} from '@web/lib/return-after-email-proof';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  readPendingInvitation,
} from '@web/features/circle/components/pending-invitation';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-29T10:00:00Z');

/** localStorage as a browser has it, one per test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('the way back after the email proof', () => {
  it('is the remembered path while the confirmation link works (24 hours), then nothing', () => {
    rememberReturnAfterEmailProof('/family-circle/join', NOW);
    expect(readReturnAfterEmailProof(NOW + 23 * HOUR)).toBe('/family-circle/join');
    expect(readReturnAfterEmailProof(NOW + 25 * HOUR)).toBeNull();
    forgetReturnAfterEmailProof();
    expect(readReturnAfterEmailProof(NOW)).toBeNull();
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', 'relative'])(
    'never keeps an off-site or malformed path (%s), and forgets the one kept before',
    (path) => {
      rememberReturnAfterEmailProof('/family-circle/join', NOW);
      rememberReturnAfterEmailProof(path, NOW);
      expect(readReturnAfterEmailProof(NOW)).toBeNull();
    },
  );

  it('never gives back an off-site path written into storage by other means', () => {
    localStorage.setItem(
      'carematch:return-after-email-proof',
      JSON.stringify({ path: '//evil.example', until: NOW + HOUR }),
    );
    expect(readReturnAfterEmailProof(NOW)).toBeNull();
    localStorage.setItem('carematch:return-after-email-proof', '{not json');
    expect(readReturnAfterEmailProof(NOW)).toBeNull();
  });

  it('is nothing, without failing, when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => rememberReturnAfterEmailProof('/family-circle/join', NOW)).not.toThrow();
    expect(readReturnAfterEmailProof(NOW)).toBeNull();
  });
});

describe('a pending family circle invitation', () => {
  it('keeps the secret until the invitation expires, and forgets it then', () => {
    const expiresAt = new Date(NOW + 7 * 24 * HOUR).toISOString();
    keepPendingInvitation('secret-1', expiresAt);
    expect(readPendingInvitation(NOW)).toBe('secret-1');
    expect(readPendingInvitation(NOW + 8 * 24 * HOUR)).toBe('');
    // Expired: gone from storage, not merely hidden.
    expect(readPendingInvitation(NOW)).toBe('');
  });

  it('keeps the newest invitation, and nothing once forgotten (accepted or refused)', () => {
    const expiresAt = new Date(NOW + HOUR).toISOString();
    keepPendingInvitation('secret-1', expiresAt);
    keepPendingInvitation('secret-2', expiresAt);
    expect(readPendingInvitation(NOW)).toBe('secret-2');
    forgetPendingInvitation();
    expect(readPendingInvitation(NOW)).toBe('');
  });

  it('keeps nothing without a secret or a valid expiry', () => {
    keepPendingInvitation('', new Date(NOW + HOUR).toISOString());
    keepPendingInvitation('secret-1', 'not a date');
    expect(readPendingInvitation(NOW)).toBe('');
  });
});
