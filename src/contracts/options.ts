// Option lists of product §3 and the search and test-admin screens of section 2.
// The server accepts only these values; the forms render them in this order.

export const SPECIALIZATIONS = [
  'Elderly Care',
  'Childcare',
  'Disability Support',
  'Companion Care',
  'Dementia Care',
  'Palliative Care',
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const EXPERIENCE_LEVELS = [
  'Less than 1 year',
  '1-2 years',
  '3-5 years',
  '6-10 years',
  'More than 10 years',
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const QUALIFICATIONS = [
  'First Aid Certified',
  'NVQ Level 2',
  'NVQ Level 3',
  'Nursing Qualification',
  'Dementia Care Training',
  'Manual Handling',
  'Medication Administration',
  'Paediatric First Aid',
  'Montessori Certified',
  'SEND Training',
] as const;
export type Qualification = (typeof QUALIFICATIONS)[number];

/**
 * Background checks are facts from an approved verification (the DBS level and date shown on the
 * profile), never a qualification a carer ticks or an admin types: docs/decisions/0026.
 */
export const isCheckClaim = (qualification: string): boolean =>
  /\b(dbs|crb)\b|disclosure and barring/i.test(qualification);

export const AVAILABILITY_OPTIONS = [
  'Weekdays',
  'Weekends',
  'Evenings',
  'Nights',
  'Live-in Care',
  'Emergency Cover',
] as const;
export type AvailabilityOption = (typeof AVAILABILITY_OPTIONS)[number];

/** Carer search filters (product §2, carer search page): every care type carers offer. */
export const SEARCH_CARE_TYPES = [
  'All Types',
  'Elderly Care',
  'Childcare',
  'Disability Support',
  'Companion Care',
  'Dementia Care',
  'Palliative Care',
] as const;
export const SEARCH_AVAILABILITY = [
  'Any Time',
  'Weekdays',
  'Weekends',
  'Evenings',
  'Nights',
  'Live-in Care',
] as const;

/** The test admin dashboard's own lists differ from the carer forms (product §2). */
export const TEST_ADMIN_CREATE_SPECIALIZATIONS = [
  'Elderly Care',
  'Disability Support',
  'Dementia Care',
  'Mobility Assistance',
  'Companionship',
] as const;
export const TEST_ADMIN_CREATE_EXPERIENCE = ['5 years', '8 years', '12 years', '15+ years'] as const;
export const TEST_ADMIN_EDIT_SPECIALIZATIONS = [
  'Elderly Care',
  'Disability Support',
  'Dementia Care',
  'Companionship',
  'Personal Care',
] as const;
