import { randomBytes } from 'node:crypto';
import { CONTACT_MESSAGES, type ContactEnquiry, type ContactEnquiryReceipt } from '@contracts/contact';
import { CONTACT_MAX_PER_HOUR } from '@contracts/limits';
import { SITE_CONTACT } from '@contracts/site';
import type { Database } from '../../db/client';
import type { ContactEnquiryRow } from '../../db/schema';
import { isUniqueViolation } from '../../platform/errors';
import { quotedForEmail, type Mailer, type OutgoingEmail } from '../../platform/mailer';
import { clientNetworkKey, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import { createContactRepository } from './contact.repository';

/** Every POST from one network counts, valid or not (docs/decisions/0005). */
export const CONTACT_RATE_LIMIT: RateLimitRule = {
  bucket: 'contact',
  limit: CONTACT_MAX_PER_HOUR,
  windowSeconds: 3600,
};

/**
 * Acknowledgements sent to one email address per day. The form accepts any address, so without
 * this someone on many networks could fill a stranger's inbox with our acknowledgements; past it
 * the enquiry is still stored and support still gets it, only the acknowledgement is skipped.
 */
export const CONTACT_ACKNOWLEDGEMENT_LIMIT: RateLimitRule = {
  bucket: 'contact-ack',
  limit: CONTACT_MAX_PER_HOUR,
  windowSeconds: 24 * 3600,
};

// Crockford's base32: no I, L, O or U, so a reference read out on the phone is unambiguous.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'CM-' and 8 base32 characters: 40 random bits. */
export function newContactReference(): string {
  let bits = 0n;
  for (const byte of randomBytes(5)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 8; i += 1) {
    code = BASE32[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return `CM-${code}`;
}

const formatWhen = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(at);

/** To support: everything the person wrote, with Reply-To set to them. */
export function supportEmail(enquiry: ContactEnquiryRow, supportAddress: string): OutgoingEmail {
  return {
    to: supportAddress,
    replyTo: enquiry.email,
    // The visitor's subject, quoted and shortened after our reference: their words cannot pose as
    // ours, and the reference survives a mail client's cut (decision 0020). The body has it whole.
    subject: `Contact form [${enquiry.reference}]: ${quotedForEmail(enquiry.subject, 60)}`,
    text: [
      `A message from the contact form on the CareMatch website.`,
      ``,
      `Reference: ${enquiry.reference}`,
      `Received: ${formatWhen(enquiry.createdAt)}`,
      `From: ${enquiry.firstName} ${enquiry.lastName}`,
      `Email: ${enquiry.email}`,
      `Phone: ${enquiry.phone ?? 'not given'}`,
      `Account: ${enquiry.userId ? `signed in (user ${enquiry.userId})` : 'not signed in'}`,
      `Subject: ${enquiry.subject}`,
      ``,
      `Message:`,
      enquiry.message,
      ``,
      `Reply to this email to answer ${enquiry.firstName} directly.`,
    ].join('\n'),
  };
}

/**
 * To the sender: the reference and what happens next, and not one word they typed (not their
 * name, subject or message). The form accepts any address, so echoing text back would let anyone
 * send a stranger words of their choosing from our domain; this email carries only ours.
 */
export function acknowledgementEmail(enquiry: ContactEnquiryRow): OutgoingEmail {
  return {
    to: enquiry.email,
    subject: `We have received your message [${enquiry.reference}]`,
    text: [
      `Hello,`,
      ``,
      `Thank you for contacting CareMatch. We have received your message and will reply within 24 hours.`,
      ``,
      `Your reference is ${enquiry.reference}. Please quote it if you write to us again about the same thing.`,
      ``,
      `If you need to speak to someone sooner, call us on ${SITE_CONTACT.phoneDisplay}. In an emergency, call 999.`,
      ``,
      `If you did not send a message to CareMatch, someone may have typed your email address by mistake; you can ignore this email.`,
      ``,
      `The CareMatch team`,
      SITE_CONTACT.email,
    ].join('\n'),
  };
}

interface ContactServiceDeps {
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Where enquiries go (SUPPORT_EMAIL). */
  supportAddress: string;
  now?: () => Date;
}

export function createContactService({
  db,
  mailer,
  rateLimiter,
  supportAddress,
  now = () => new Date(),
}: ContactServiceDeps) {
  return {
    /** Counts one request from `ip`; over CONTACT_MAX_PER_HOUR an hour, a 429 with Retry-After. */
    async admit(ip: string): Promise<void> {
      await rateLimiter.enforce(CONTACT_RATE_LIMIT, clientNetworkKey(ip), CONTACT_MESSAGES.tooManyEnquiries);
    },

    /**
     * Stores the enquiry and queues its emails in one transaction (all or nothing), then starts
     * sending them without making the sender wait for the mail server.
     */
    async submit(input: ContactEnquiry, sender: { userId: string | null }): Promise<ContactEnquiryReceipt> {
      const acknowledge = (await rateLimiter.hit(CONTACT_ACKNOWLEDGEMENT_LIMIT, input.email.toLowerCase()))
        .allowed;
      const values = {
        userId: sender.userId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone === '' ? null : input.phone,
        subject: input.subject,
        message: input.message,
        createdAt: now(),
      };
      for (let attempt = 1; ; attempt += 1) {
        try {
          const enquiry = await db.transaction(async (tx) => {
            const stored = await createContactRepository(tx).insert({
              ...values,
              reference: newContactReference(),
            });
            await mailer.enqueue(tx, supportEmail(stored, supportAddress));
            if (acknowledge) await mailer.enqueue(tx, acknowledgementEmail(stored));
            return stored;
          });
          mailer.dispatchSoon();
          return { reference: enquiry.reference };
        } catch (error) {
          // Two enquiries drew the same reference (one chance in 2^40): draw again.
          if (attempt < 3 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
