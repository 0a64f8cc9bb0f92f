import {
  COMPLIANCE_MESSAGES,
  DUE_CHECK_LABELS,
  formatCheckDate,
  type DueCheck,
  type LapsingCheck,
} from '@contracts/verification-compliance';
import { PRODUCT_NAME } from '@contracts/pricing';
import type { OutgoingEmail } from '../../platform/mailer';

const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/** To a carer 30 and 7 days before a check lapses. */
export function reminderEmail(
  to: string,
  firstName: string | null,
  check: DueCheck,
  dueOn: string,
  days: number,
  dashboardUrl: string,
  /** No insurance on file yet (the approval's grace period), rather than a policy ending. */
  missing = false,
): OutgoingEmail {
  const what = DUE_CHECK_LABELS[check];
  return {
    to,
    subject: `${what}: due on ${formatCheckDate(dueOn)}`,
    text: [
      hello(firstName),
      '',
      missing
        ? `${COMPLIANCE_MESSAGES.insuranceMissing(dueOn)} That is in ${days} day${days === 1 ? '' : 's'}.`
        : `Your ${what.toLowerCase()} is due on ${formatCheckDate(dueOn)}, in ${days} day${days === 1 ? '' : 's'}.`,
      'Send the renewed document from your dashboard before then: if it lapses, your profile leaves',
      'search and loses the Verified badge until the renewal is approved.',
      '',
      `Your dashboard: ${dashboardUrl}`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/** To a carer whose required check lapsed: why they left search and what brings them back. */
export function lapsedEmail(
  to: string,
  firstName: string | null,
  checks: LapsingCheck[],
  dashboardUrl: string,
): OutgoingEmail {
  return {
    to,
    subject: COMPLIANCE_MESSAGES.lapsedTitle,
    text: [
      hello(firstName),
      '',
      ...checks.map((check) => COMPLIANCE_MESSAGES.lapseReasons[check]),
      '',
      COMPLIANCE_MESSAGES.lapsedBody,
      '',
      `Your dashboard: ${dashboardUrl}`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/** To a family in touch with the carer: that the checks need renewing, never which or why. */
export function familyNoticeEmail(
  to: string,
  firstName: string | null,
  carerFirstName: string,
): OutgoingEmail {
  return {
    to,
    subject: `${carerFirstName}’s checks need renewing`,
    text: [
      hello(firstName),
      '',
      `${carerFirstName}, a carer you have been in touch with on ${PRODUCT_NAME}, has checks that need renewing.`,
      'Until they are renewed and approved, their profile does not show the Verified badge and is not in search.',
      'You can still read your messages with them. We will not share the details of their checks.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/** To a carer after an admin's decision on their insurance. */
export function insuranceDecisionEmail(
  to: string,
  firstName: string | null,
  reason: string | null,
  dashboardUrl: string,
): OutgoingEmail {
  return {
    to,
    subject:
      reason === null
        ? `Your insurance is approved on ${PRODUCT_NAME}`
        : `Your insurance needs another look on ${PRODUCT_NAME}`,
    text: [
      hello(firstName),
      '',
      ...(reason === null
        ? [
            'Thank you for sending your insurance. It is approved, and your profile shows the date it runs until.',
          ]
        : [
            'We could not approve your insurance, for this reason:',
            '',
            reason,
            '',
            'You can send it again from your dashboard.',
          ]),
      '',
      `Your dashboard: ${dashboardUrl}`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}
