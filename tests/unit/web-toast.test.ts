import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@contracts/limits';
import { dismissToast, getToasts, toast } from '@web/components/ui/use-toast';

describe('toasts (product §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('uses the spec constants', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX]).toEqual([
      1, 5000, 1_000_000, 50,
    ]);
  });

  it('shows one toast at a time: the newest replaces the one before', () => {
    toast({ title: 'Profile Updated' });
    toast({ title: 'Message Sent', description: 'Your message has been sent successfully.' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Message Sent', open: true });
  });

  it('keeps a dismissed toast, closed, until 1,000,000 ms have passed', () => {
    const { dismiss } = toast({ title: 'Error', variant: 'destructive' });
    dismiss();
    expect(getToasts()[0]).toMatchObject({ open: false, variant: 'destructive' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('closes through onOpenChange(false), as the swipe and the timer do', () => {
    toast({ title: 'Login Successful' });
    getToasts()[0]?.onOpenChange?.(false);
    expect(getToasts()[0]?.open).toBe(false);
  });
});
