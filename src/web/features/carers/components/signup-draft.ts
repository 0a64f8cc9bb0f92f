// A signed-out visitor's finished form survives the trip to sign-in and back (same tab only).
import { CarerProfileForm, type CarerProfileFormValues } from '@contracts/carers';

const DRAFT_KEY = 'carematch:carer-signup-draft';

export function saveSignupDraft(values: CarerProfileFormValues): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Storage may be full or blocked; the visitor then fills the form again.
  }
}

/** The saved profile fields, or null. The terms are never saved: consent is given when signed in. */
export function readSignupDraft(): CarerProfileFormValues | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    // A draft from before the form asked for the postcode, travel and week is not complete: dropped.
    const parsed = CarerProfileForm.safeParse(JSON.parse(raw));
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
