import { describe, expect, it } from 'vitest';
import { homeGreeting, NEW_ACCOUNT_GREETING_HOURS } from '@contracts/greeting';

const now = new Date('2026-11-26T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('the signed-in home greeting', () => {
  it('welcomes an account made in the last day, not "back"', () => {
    expect(homeGreeting({ firstName: 'Priya', createdAt: hoursAgo(0.01) }, now)).toBe(
      'Welcome to CareMatch, Priya!',
    );
    expect(
      homeGreeting({ firstName: 'Priya', createdAt: hoursAgo(NEW_ACCOUNT_GREETING_HOURS - 1) }, now),
    ).toBe('Welcome to CareMatch, Priya!');
  });

  it("says the spec's 'Welcome back' after that, with 'User' for an account without a first name", () => {
    expect(homeGreeting({ firstName: 'Alex', createdAt: hoursAgo(NEW_ACCOUNT_GREETING_HOURS) }, now)).toBe(
      'Welcome back, Alex!',
    );
    expect(homeGreeting({ firstName: null, createdAt: hoursAgo(500) }, now)).toBe('Welcome back, User!');
    expect(homeGreeting({ firstName: '', createdAt: hoursAgo(500) }, now)).toBe('Welcome back, User!');
  });
});
