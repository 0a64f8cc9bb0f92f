import type { OutgoingEmail } from '../../platform/mailer';

/** Days after which a carer's week is probably out of date, and they are asked to check it. */
export const AVAILABILITY_REMINDER_DAYS = 60;

/** To a carer whose week was last saved AVAILABILITY_REMINDER_DAYS ago. */
export function availabilityReminderEmail(
  to: string,
  firstName: string | null,
  dashboardUrl: string,
): OutgoingEmail {
  return {
    to,
    subject: 'Is your CareMatch availability still right?',
    text: [
      `Hello${firstName ? ` ${firstName}` : ''},`,
      ``,
      `You last updated the days and times you are free ${AVAILABILITY_REMINDER_DAYS} days ago. Families choose carers by it, so please check it is still right:`,
      ``,
      dashboardUrl,
      ``,
      `If nothing has changed, open your profile and save it as it is: your profile will then show that your availability was updated today.`,
      ``,
      `The CareMatch team`,
    ].join('\n'),
  };
}
