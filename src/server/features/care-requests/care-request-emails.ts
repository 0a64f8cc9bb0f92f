import { CARE_REQUEST_OPEN_DAYS } from '@contracts/care-requests';
import type { OutgoingEmail } from '../../platform/mailer';

/** To the family, the day before their open request closes itself. */
export function careRequestClosingEmail(
  to: string,
  firstName: string | null,
  careType: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'Your CareMatch care request closes tomorrow',
    text: [
      `Hello${firstName ? ` ${firstName}` : ''},`,
      ``,
      `Your request for ${careType.toLowerCase()} closes tomorrow, ${CARE_REQUEST_OPEN_DAYS} days after you posted it. Carers will no longer see it or answer it.`,
      ``,
      `If you still need care, post a new request: ${link}`,
      ``,
      `The CareMatch team`,
    ].join('\n'),
  };
}
