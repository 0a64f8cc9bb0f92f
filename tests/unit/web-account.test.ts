import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import { accountLinks, accountMenuLabel, displayName, initials } from '@web/components/account';

const user = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  firstName: 'Siobhan',
  lastName: 'Kelly',
  email: 'siobhan.kelly@example.org',
  profileImageUrl: null,
  userType: 'customer',
  role: 'customer',
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  subscriptionStatus: null,
  subscriptionType: null,
  subscriptionExpiresAt: null,
  ...overrides,
});

describe('the avatar menu (product §2, Header and footer)', () => {
  it('names the account menu button with the initials it shows first (WCAG 2.5.3)', () => {
    expect(accountMenuLabel(user())).toBe('SK – Account menu');
    expect(accountMenuLabel(user({ firstName: null, lastName: null }))).toBe('U – Account menu');
  });

  it('shows initials from first and last name, falling back to U', () => {
    expect(initials(user())).toBe('SK');
    expect(initials(user({ firstName: null, lastName: null }))).toBe('U');
    expect(initials(user({ firstName: 'ada', lastName: null }))).toBe('A');
  });

  it('shows the full name, or the email when there is no name', () => {
    expect(displayName(user())).toBe('Siobhan Kelly');
    expect(displayName(user({ firstName: null, lastName: null }))).toBe('siobhan.kelly@example.org');
  });

  it('offers Find Care and Care Requests to customers, My Profile to carers, Messages to both, and Settings to everyone', () => {
    expect(accountLinks(user()).map((l) => [l.label, l.to])).toEqual([
      ['Find Care', '/customer-dashboard'],
      ['Saved Carers', '/saved'],
      ['Care Requests', '/care-requests'],
      ['Care arrangements', '/my-care'],
      ['Timesheets & Invoices', '/timesheets'],
      ['Messages', '/messages'],
      ['Settings', '/settings'],
    ]);
    expect(accountLinks(user({ userType: 'carer', role: 'carer' })).map((l) => [l.label, l.to])).toEqual([
      ['My Profile', '/carer-dashboard'],
      ['Timesheets & Invoices', '/timesheets'],
      ['Messages', '/messages'],
      ['Settings', '/settings'],
    ]);
    const adminLabels = accountLinks(user({ role: 'admin' })).map((l) => l.label);
    expect(adminLabels).toContain('Admin Dashboard');
    expect(adminLabels).not.toContain('Messages');
  });
});
