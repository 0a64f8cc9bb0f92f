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

/**
 * To the family's arrangers not told by the conversation's own email (decision 0036): a step on
 * the arrangement. Like a message's email it holds nothing anyone wrote (a reason, the tasks).
 */
export function arrangementStepEmail(to: string, firstName: string | null, link: string): OutgoingEmail {
  return {
    to,
    subject: 'A care arrangement has changed',
    text: [
      hello(firstName),
      '',
      'There is news on a care arrangement of your family: a proposal, an answer or a change.',
      '',
      `See it: ${link}`,
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

/**
 * To the other person, when an account leaves (closed, or suspended by CareMatch) and its
 * arrangement with them ends that day. A closed account is not named: its name went with it.
 */
export function arrangementEndedEmail(
  to: string,
  firstName: string | null,
  ending: {
    why: 'closed' | 'suspended';
    /** The other person's short name ('Sam O.'), for a suspension only. */
    otherName: string | null;
    /** The terms in words, so the person knows which arrangement: 'Tuesdays 09:00–12:00, from …'. */
    terms: string;
    wasProposal: boolean;
    link: string;
  },
): OutgoingEmail {
  const whose = ending.otherName ? `${ending.otherName}’s` : 'The other person’s';
  const what = `${whose} CareMatch account has been ${ending.why === 'closed' ? 'closed' : 'suspended'}.`;
  const arrangement = ending.wasProposal ? 'care arrangement proposal' : 'care arrangement';
  return {
    to,
    subject: ending.wasProposal
      ? 'A care arrangement proposal has been withdrawn'
      : 'Your care arrangement has ended',
    text: [
      hello(firstName),
      '',
      `${what} Your ${arrangement} with them (${ending.terms}) ${
        ending.wasProposal
          ? 'has been withdrawn.'
          : 'ended today, and its visits to come are cancelled: nobody should go to them.'
      }`,
      '',
      `Your visits: ${ending.link}`,
      ...signOff,
    ].join('\n'),
  };
}

/** What the family did to a care arrangement, as the carer's email names it. */
export type FamilyStep = 'proposed' | 'accepted' | 'changed' | 'declined' | 'ending';

const FAMILY_STEP_WORDS: Record<FamilyStep, { subject: string; line: string }> = {
  proposed: {
    subject: 'A family proposed a care arrangement',
    line: 'proposed a care arrangement to you: the days, times and rate are in your conversation.',
  },
  accepted: {
    subject: 'A family accepted your care arrangement',
    line: 'accepted the care arrangement you proposed. The visits are now in your schedule.',
  },
  changed: {
    subject: 'A family proposed changes to a care arrangement',
    line: 'proposed changes to a care arrangement with you. You can accept them, decline or propose others.',
  },
  declined: {
    subject: 'A family declined a care arrangement',
    line: 'declined the care arrangement you proposed.',
  },
  ending: {
    subject: 'A family is ending a care arrangement',
    line: 'set the last day of a care arrangement with you.',
  },
};

/**
 * To the carer, at once, whenever the family takes a step on an arrangement (not held back like a
 * chat message's email). Like a message's email it holds nothing anyone wrote (a reason, the tasks).
 */
export function familyStepEmail(
  to: string,
  firstName: string | null,
  familyName: string,
  step: FamilyStep,
  link: string,
): OutgoingEmail {
  const words = FAMILY_STEP_WORDS[step];
  return {
    to,
    subject: words.subject,
    text: [hello(firstName), '', `${familyName} ${words.line}`, '', `See it: ${link}`, ...signOff].join('\n'),
  };
}
