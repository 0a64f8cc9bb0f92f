import { describe, expect, it } from 'vitest';
import { customerPlanState, VERIFICATION_STATUS_WORDS } from '@contracts/admin';
import { AUDIT_ACTION_WORDS, AUDIT_ACTIONS } from '@contracts/audit-words';
import { VERIFICATION_STATUSES } from '@contracts/verification';

// The admin screens show words, never a stored code ('pending', 'verification.approved').
const looksLikeCode = (text: string) => /^[a-z]+([._-][a-z]+)*$/.test(text) || /[._]/.test(text);

describe('the admin screens’ words', () => {
  it('names every verification state and every audit action in words', () => {
    for (const status of VERIFICATION_STATUSES) {
      expect(looksLikeCode(VERIFICATION_STATUS_WORDS[status]), status).toBe(false);
    }
    for (const action of AUDIT_ACTIONS) {
      const words = AUDIT_ACTION_WORDS[action];
      expect(words, action).toBeTruthy();
      expect(looksLikeCode(words), action).toBe(false);
    }
    expect(new Set(Object.values(AUDIT_ACTION_WORDS)).size).toBe(AUDIT_ACTIONS.length);
  });

  it('tells an active plan from an expired one and from none, as the tables sort them', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(
      customerPlanState({ subscriptionStatus: 'active', subscriptionExpiresAt: '2026-07-01T00:00:00Z' }, now),
    ).toBe('Active');
    expect(customerPlanState({ subscriptionStatus: 'active', subscriptionExpiresAt: null }, now)).toBe(
      'Active',
    );
    expect(
      customerPlanState({ subscriptionStatus: 'active', subscriptionExpiresAt: '2026-05-01T00:00:00Z' }, now),
    ).toBe('Expired');
    expect(
      customerPlanState(
        { subscriptionStatus: 'inactive', subscriptionExpiresAt: '2026-07-01T00:00:00Z' },
        now,
      ),
    ).toBe('No Subscription');
    expect(customerPlanState({ subscriptionStatus: null, subscriptionExpiresAt: null }, now)).toBe(
      'No Subscription',
    );
  });
});
