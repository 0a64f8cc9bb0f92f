// The carer signup's steps and its kept answers, without a browser.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARER_MESSAGES, CARER_SIGNUP_STEPS, CarerProfileForm, CarerSignupForm } from '@contracts/carers';
import {
  clearSignupDraft,
  readSignupDraft,
  saveSignupDraft,
} from '@web/features/carers/components/signup-draft';
import { EMPTY_PROFILE_VALUES } from '@web/features/carers/components/profile-form-fields';

describe('the carer signup steps', () => {
  it('put every field the signup form asks for on exactly one step, the terms on the last', () => {
    const onSteps = CARER_SIGNUP_STEPS.flatMap((step) => [...step.fields]);
    expect(new Set(onSteps).size).toBe(onSteps.length);
    // `availability` is the API's tags for other clients; the form asks for the week instead.
    const asked = Object.keys(CarerSignupForm.shape).filter((field) => field !== 'availability');
    expect([...onSteps].sort()).toEqual(asked.sort());
    expect(CARER_SIGNUP_STEPS.at(-1)!.fields).toEqual(['termsAccepted']);
  });

  it('compares the rates as soon as both are valid, while later answers are still missing', () => {
    for (const schema of [CarerSignupForm, CarerProfileForm]) {
      const result = schema.safeParse({ ...EMPTY_PROFILE_VALUES, hourlyRateMin: '30', hourlyRateMax: '20' });
      expect(result.success).toBe(false);
      const onMax = result.error!.issues.filter((issue) => issue.path.join('.') === 'hourlyRateMax');
      expect(onMax.map((issue) => issue.message)).toEqual([CARER_MESSAGES.minAboveMax]);
    }
    // Not when one of them is itself wrong: that message is enough.
    const result = CarerSignupForm.safeParse({
      ...EMPTY_PROFILE_VALUES,
      hourlyRateMin: '30',
      hourlyRateMax: '',
    });
    expect(result.error!.issues.map((issue) => issue.message)).not.toContain(CARER_MESSAGES.minAboveMax);
  });
});

describe('the signup draft', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      value: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('keeps the step and the answers, never the terms, until cleared', () => {
    const values = {
      ...EMPTY_PROFILE_VALUES,
      specialization: 'Dementia Care' as const,
      location: 'Kendal',
      qualifications: ['NVQ Level 3'],
      weeklyAvailability: { slots: ['tuesday-evening' as const], liveIn: false, shortNotice: true },
      termsAccepted: true,
    };
    saveSignupDraft(2, values);
    expect([...stored.values()].join('')).not.toContain('termsAccepted');
    const { termsAccepted: _terms, ...answers } = values;
    expect(readSignupDraft()).toEqual({ step: 2, values: answers });
    clearSignupDraft();
    expect(readSignupDraft()).toBeNull();
  });

  it('starts an answer that no longer fits blank and keeps the others', () => {
    stored.set(
      'carematch:carer-signup-draft',
      JSON.stringify({
        step: 40,
        values: { specialization: 'Gardening', experience: '3-5 years', location: 7, qualifications: false },
      }),
    );
    expect(readSignupDraft()).toEqual({
      step: 0,
      values: { ...EMPTY_PROFILE_VALUES, experience: '3-5 years' },
    });
    stored.set('carematch:carer-signup-draft', '{not json');
    expect(readSignupDraft()).toBeNull();
  });
});
