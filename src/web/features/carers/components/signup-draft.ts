// The signup's answers so far and its step, kept in this tab's storage: a reload, or a signed-out
// visitor's trip to sign-in and back, opens the form where it was. Signing out clears the tab's
// storage (Clear-Site-Data), and a created profile clears the draft.
import { z } from 'zod';
import { AVAILABILITY_SLOTS, EMPTY_WEEK } from '@contracts/availability';
import { CARER_SIGNUP_STEPS } from '@contracts/carers';
import { EXPERIENCE_LEVELS, QUALIFICATIONS, SPECIALIZATIONS } from '@contracts/options';
import type { CarerFormValues } from './profile-form-fields';

const DRAFT_KEY = 'carematch:carer-signup-draft';

const text = z.string().catch('');
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.union([z.enum(options), z.literal('')]).catch('');

/**
 * A draft as it was written, each answer read on its own: one that no longer fits the form (an
 * option since renamed, a draft from an older form) starts blank, the others are kept. The terms
 * are never part of it: consent is given on the last step each time.
 */
const DraftValues = z.object({
  specialization: choice(SPECIALIZATIONS),
  experience: choice(EXPERIENCE_LEVELS),
  qualifications: z.array(z.enum(QUALIFICATIONS)).catch([]),
  location: text,
  homePostcode: text,
  travelMiles: text,
  weeklyAvailability: z
    .object({
      slots: z.array(z.enum(AVAILABILITY_SLOTS)).catch([]),
      liveIn: z.boolean().catch(false),
      shortNotice: z.boolean().catch(false),
    })
    .catch(EMPTY_WEEK),
  hourlyRateMin: text,
  hourlyRateMax: text,
  description: text,
});
const SignupDraft = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(CARER_SIGNUP_STEPS.length - 1)
    .catch(0),
  // Every answer has its blank, so a draft whose answers are no object at all starts blank.
  values: DraftValues.catch(() => DraftValues.parse({})),
});
export type SignupDraft = { step: number; values: CarerFormValues };

export function saveSignupDraft(step: number, values: CarerFormValues): void {
  const { termsAccepted: _notKept, ...answers } = values;
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step, values: answers }));
  } catch {
    // Storage may be full or blocked; the answers then last as long as the page.
  }
}

/** The saved step and answers, or null when there are none. */
export function readSignupDraft(): SignupDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = SignupDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearSignupDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
