import type { NotificationKind } from '@contracts/circle';
import type { OutgoingEmail } from '../../platform/mailer';

/**
 * The kind of event these emails are, as notification settings name it ("notes"): the family can
 * be told of a visit note by email, the note itself stays on the site.
 */
export const VISIT_NOTE_EMAIL_KIND = 'notes' satisfies NotificationKind;

/** To the family (the holder and the circle): the carer wrote a note about a visit. Like a message's email, without the words. */
export function visitNoteEmail(
  to: string,
  firstName: string | null,
  carerName: string,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `${carerName} wrote a note about a care visit`,
    text: [
      `Hello${firstName ? ` ${firstName}` : ''},`,
      '',
      `${carerName} wrote a note about the visit on ${when}.`,
      '',
      `Read it, and reply if you wish: ${link}`,
      '',
      'The CareMatch team',
    ].join('\n'),
  };
}
