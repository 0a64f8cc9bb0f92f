import {
  CIRCLE_INVITATION_DAYS,
  CIRCLE_ROLE_DESCRIPTIONS,
  CIRCLE_ROLE_LABELS,
  type CircleRole,
} from '@contracts/circle';
import { quotedForEmail, type OutgoingEmail } from '../../platform/mailer';

const signOff = ['', 'The CareMatch team'];
const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/**
 * To the invited address: the single-use link. The holder's name is theirs to choose, so it stays
 * out of the subject and is quoted in the body (decision 0020).
 */
export function invitationEmail(
  to: string,
  holderName: string,
  role: CircleRole,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'You are invited to a family circle on CareMatch',
    text: [
      'Hello,',
      '',
      `${quotedForEmail(holderName)} has invited you to their family circle on CareMatch, as "${CIRCLE_ROLE_LABELS[role]}": you would ${CIRCLE_ROLE_DESCRIPTIONS[role]}.`,
      '',
      `To accept, open this link within ${CIRCLE_INVITATION_DAYS} days and sign in, or register with this email address:`,
      '',
      link,
      '',
      'If you do not know this person, ignore this email: nothing happens unless you accept.',
      ...signOff,
    ].join('\n'),
  };
}

/** To the holder: someone joined their circle (who sees their care is always theirs to know). */
export function memberJoinedEmail(to: string, firstName: string | null, memberName: string, link: string) {
  return {
    to,
    subject: 'Someone joined your family circle',
    text: [
      hello(firstName),
      '',
      `${quotedForEmail(memberName)} accepted your invitation and is now in your family circle.`,
      '',
      `See or change who is in it: ${link}`,
      ...signOff,
    ].join('\n'),
  } satisfies OutgoingEmail;
}

/** To a member the holder removed. */
export function memberRemovedEmail(to: string, firstName: string | null, holderName: string): OutgoingEmail {
  return {
    to,
    subject: 'You are no longer in a family circle',
    text: [
      hello(firstName),
      '',
      `${quotedForEmail(holderName)} removed you from their family circle on CareMatch. You no longer see their care arrangements.`,
      ...signOff,
    ].join('\n'),
  };
}
