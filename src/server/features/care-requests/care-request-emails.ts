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

/** One line of a carer's alert: what, where (the outward code), how far, from when. */
export interface AlertedRequest {
  careType: string;
  postcodeDistrict: string;
  miles: number;
  startDate: string;
}

/** To a carer, at most once a day: the new care requests that fit them. */
export function careRequestAlertEmail(
  to: string,
  firstName: string | null,
  requests: AlertedRequest[],
  requestsLink: string,
  settingsLink: string,
): OutgoingEmail {
  const one = requests.length === 1;
  return {
    to,
    subject: one
      ? 'A new care request near you on CareMatch'
      : `${requests.length} new care requests near you on CareMatch`,
    text: [
      `Hello${firstName ? ` ${firstName}` : ''},`,
      ``,
      one
        ? 'A family near you has posted a care request that fits your care type and the days you are free:'
        : 'Families near you have posted care requests that fit your care type and the days you are free:',
      ``,
      ...requests.map(
        (request) =>
          `- ${request.careType} in ${request.postcodeDistrict}, ${request.miles < 1 ? 'under 1 mile' : request.miles === 1 ? '1 mile' : `${request.miles} miles`} from you, starting ${request.startDate}`,
      ),
      ``,
      `Read and answer them in the Requests tab of your dashboard: ${requestsLink}`,
      ``,
      `We send at most one of these emails a day. To stop them, turn off "Care request emails" in Settings: ${settingsLink}`,
      ``,
      `The CareMatch team`,
    ].join('\n'),
  };
}
