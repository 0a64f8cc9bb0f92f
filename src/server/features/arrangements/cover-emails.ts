import type { OutgoingEmail } from '../../platform/mailer';

// The emails of no-show alerts and cover (decision 0037): each tells one person what happened or
// what someone else did; none acts for anyone.

const signOff = ['', 'The CareMatch team'];
const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/** To each person of the family side: the carer has not checked in to a visit that has started. */
export function noShowFamilyEmail(
  to: string,
  firstName: string | null,
  carerName: string,
  careFor: string,
  when: string,
  minutes: number,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `${carerName} has not checked in to a visit`,
    text: [
      hello(firstName),
      '',
      `${carerName} has not checked in to the visit${careFor ? ` for ${careFor}` : ''} on ${when}, ${minutes} minutes after it started.`,
      'We have asked them whether they are on their way. This alert clears itself when they check in.',
      '',
      `See the visit, and offer it to your backup carers if you wish: ${link}`,
      ...signOff,
    ].join('\n'),
  };
}

/** To the carer: "Are you on your way?" */
export function onYourWayEmail(
  to: string,
  firstName: string | null,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'Are you on your way?',
    text: [
      hello(firstName),
      '',
      `You have not checked in to the visit on ${when}, and the family has been told.`,
      'Check in when you arrive, or tell the family you can’t make it:',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To a backup carer: the family offers them a visit, at the rate they agreed. */
export function coverOfferEmail(
  to: string,
  firstName: string | null,
  familyName: string,
  when: string,
  rate: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `${familyName} asks if you can cover a visit`,
    text: [
      hello(firstName),
      '',
      `${familyName} named you as a backup carer and asks if you can cover the visit on ${when}, at £${rate} an hour as you agreed.`,
      'Other backups may have been asked too: the first to accept takes the visit.',
      '',
      `Accept or leave it in your Requests: ${link}`,
      ...signOff,
    ].join('\n'),
  };
}

/** To a backup carer who did not take it: another backup took the visit. */
export function coverTakenEmail(
  to: string,
  firstName: string | null,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'The visit you were offered is covered',
    text: [
      hello(firstName),
      '',
      `Another backup carer took the visit on ${when}. Thank you for being there for the family.`,
      '',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To each person of the family side: a backup accepted the visit. */
export function coverAcceptedEmail(
  to: string,
  firstName: string | null,
  backupName: string,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `${backupName} is covering a visit`,
    text: [
      hello(firstName),
      '',
      `${backupName} accepted the visit on ${when} and is coming.`,
      '',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To a backup carer: a visit they took is cancelled, the family having left CareMatch. */
export function coverCancelledEmail(
  to: string,
  firstName: string | null,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'A visit you were covering is cancelled',
    text: [
      hello(firstName),
      '',
      `The family has left CareMatch, so the visit on ${when} that you were covering is cancelled.`,
      'You do not need to go.',
      '',
      `Your visits: ${link}`,
      ...signOff,
    ].join('\n'),
  };
}

/** To each person of the family side: the backup who took a visit has left CareMatch. */
export function coverWithdrawnEmail(
  to: string,
  firstName: string | null,
  when: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'Your backup carer can no longer cover a visit',
    text: [
      hello(firstName),
      '',
      `The backup carer who was covering the visit on ${when} has left CareMatch, so nobody is covering it now.`,
      'You can offer it to your other backup carers from Care arrangements, if you wish.',
      '',
      link,
      ...signOff,
    ].join('\n'),
  };
}
