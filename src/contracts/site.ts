// The company's own public details, shown on the Contact, Help and legal pages.
// One place, so the phone number on the Help page can never disagree with the Contact page.

export const SITE_CONTACT = {
  phoneDisplay: '0800 046 1234',
  /** tel: links need the number without spaces, in international form. */
  phoneHref: 'tel:+448000461234',
  email: 'support@carematch.co.uk',
  /** Product §2 (About, Contact and Help), Contact: the 24-hour response claim. */
  responseTime: 'We reply to every message within 24 hours.',
  /** Product §2 (About, Contact and Help), Contact: an urgent-care line. Emergencies go to 999, never to us. */
  urgentLineDisplay: '0800 046 9999',
  urgentLineHref: 'tel:+448000469999',
  address: 'CareMatch Ltd, 20 Market Street, Manchester M1 1PW',
} as const;

/** Product §9 business hours. */
export const BUSINESS_HOURS = [
  { days: 'Monday - Friday', hours: '8am - 6pm' },
  { days: 'Saturday', hours: '9am - 4pm' },
  { days: 'Sunday', hours: 'Closed' },
] as const;
