import { lateInWords } from '@contracts/visit-notices';
import type { OutgoingEmail } from '../../platform/mailer';

const signOff = ['', 'The CareMatch team'];
const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/** To the family at once: the carer is running late (by about `minutesLate`) or cannot make a visit. */
export function visitNoticeEmail(
  to: string,
  firstName: string | null,
  carerName: string,
  kind: 'running_late' | 'cant_make_it',
  minutesLate: number | null,
  when: string,
  link: string,
): OutgoingEmail {
  const what =
    kind === 'running_late'
      ? `is running late${minutesLate ? ` (${lateInWords(minutesLate)})` : ''} for`
      : 'cannot make';
  return {
    to,
    subject: kind === 'running_late' ? 'Your carer is running late' : 'Your carer cannot make a visit',
    text: [
      hello(firstName),
      '',
      `${carerName} ${what} the visit on ${when}.`,
      '',
      `See the visit and any note they added: ${link}`,
      ...signOff,
    ].join('\n'),
  };
}

/** To the family: the carer took back a notice sent by mistake; the visit is as planned. */
export function visitNoticeUndoneEmail(
  to: string,
  firstName: string | null,
  carerName: string,
  kind: 'running_late' | 'cant_make_it',
  when: string,
  link: string,
): OutgoingEmail {
  const what = kind === 'running_late' ? 'running late for' : 'unable to make';
  return {
    to,
    subject: 'Notice cancelled: your care visit is as planned',
    text: [
      hello(firstName),
      '',
      `${carerName} cancelled their notice that they were ${what} the visit on ${when}. The visit is as planned.`,
      '',
      `Your visits: ${link}`,
      ...signOff,
    ].join('\n'),
  };
}

/** To the other person: a single visit was cancelled. */
export function visitCancelledEmail(
  to: string,
  firstName: string | null,
  by: string,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'A care visit has been cancelled',
    text: [
      hello(firstName),
      '',
      `${by} cancelled the visit on ${when}.`,
      '',
      `Your visits: ${link}`,
      ...signOff,
    ].join('\n'),
  };
}
