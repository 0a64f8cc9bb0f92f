import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, formatCount } from './limits';
import { multiLine, oneLine } from './text';

export const CONTACT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Names can be at most 80 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a UK phone number, like 07700 900123 or 020 7946 0123',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject can be at most 150 characters',
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Message can be at most ${formatCount(CONTACT_MESSAGE_MAX_LENGTH)} characters`,
  tooManyEnquiries: 'You have sent several messages in a short time. Please wait a while and try again.',
  sentTitle: 'Message Sent',
  sentDescription: 'Thank you for getting in touch. We will reply within 24 hours.',
  /** Shown under the form after sending: the reference the email quotes too. */
  sentReference: (reference: string) =>
    `Your message was sent. Its reference is ${reference}: quote it if you write to us about it again.`,
  failedTitle: 'Error',
  failedDescription: 'Failed to send message.',
} as const;

/**
 * A UK number: 0, +44 or 0044, then a national number of 10 digits starting 1, 2, 3, 5, 7, 8 or 9,
 * or one of the few 9-digit ones (some 01 areas, 0800 xxx xxx); mobiles (07) always have 10, so
 * '0770090012' is a digit short. Spaces, dashes and brackets are allowed, as people write them
 * ("+44 (0)20 …").
 */
export function isUkPhoneNumber(value: string): boolean {
  if (!/^[\d\s()+-]+$/.test(value)) return false;
  const compact = value.replace(/[\s()-]/g, '');
  const national = compact.replace(/^(?:\+44|0044)0?/, '').replace(/^0/, '');
  if (national === compact) return false;
  return /^(?:[1235789]\d{9}|1\d{8}|800\d{6})$/.test(national);
}

const requiredText = (required: string, max: number, tooLong: string) =>
  oneLine(z.string({ error: required }).trim().min(1, required).max(max, tooLong));

export const ContactEnquiryInput = z.object({
  firstName: requiredText(CONTACT_MESSAGES.firstNameRequired, 80, CONTACT_MESSAGES.nameTooLong),
  lastName: requiredText(CONTACT_MESSAGES.lastNameRequired, 80, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(254, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  /** Optional: an empty string means none was given. */
  phone: z
    .string({ error: CONTACT_MESSAGES.phoneInvalid })
    .trim()
    .max(30, CONTACT_MESSAGES.phoneInvalid)
    .refine((value) => value === '' || isUkPhoneNumber(value), CONTACT_MESSAGES.phoneInvalid)
    .optional()
    .default(''),
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, 150, CONTACT_MESSAGES.subjectTooLong),
  message: multiLine(z.string({ error: CONTACT_MESSAGES.messageTooShort }))
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong),
});
export type ContactEnquiryInput = z.input<typeof ContactEnquiryInput>;
export type ContactEnquiry = z.output<typeof ContactEnquiryInput>;

/** 201 answer: the enquiry's reference, quoted back in the confirmation email. */
export const ContactEnquiryReceipt = z.object({ reference: z.string() });
export type ContactEnquiryReceipt = z.infer<typeof ContactEnquiryReceipt>;
