// The installed app (the web app manifest, the service worker and what a carer keeps offline):
// names and texts, zod-free: the update notice and the offline view load them without the forms' code.
import { PRODUCT_NAME } from './brand';

export const APP_MANIFEST_TEXT = {
  name: `${PRODUCT_NAME}: care at home`,
  shortName: PRODUCT_NAME,
  description: 'Find independent, verified carers across the UK, and keep your visits in your pocket.',
  themeColor: '#0f5f5a',
  backgroundColor: '#ffffff',
} as const;

export const APP_UPDATE_TEXT = {
  ready: 'A new version is ready — reload',
  reload: 'Reload',
  reloading: 'Reloading…',
} as const;

/** A check-in, check-out or note kept on the phone until there is a connection to send it. */
export const OFFLINE_TEXT = {
  offlineBanner: 'You are offline. Today and tomorrow are shown as they were last loaded',
  savedAt: (time: string) => `saved at ${time}`,
  waitingTitle: 'Waiting to send',
  waitingCount: (count: number) =>
    count === 1 ? '1 step is waiting to send' : `${count} steps are waiting to send`,
  waitingHelp: 'They are sent with the times you made them as soon as this phone is back online.',
  queuedCheckIn: 'Check-in saved on this phone',
  queuedCheckOut: 'Check-out saved on this phone',
  queuedToast: 'Saved on this phone: it will be sent when you are back online.',
  sentToast: (count: number) =>
    count === 1 ? 'Your saved step was sent.' : `Your ${count} saved steps were sent.`,
  refusedToast: 'A step saved offline was refused:',
  stepCheckIn: 'Check-in',
  stepCheckOut: 'Check-out',
  todayTitle: 'Today and tomorrow',
  noVisits: 'No visits today or tomorrow.',
  careNotes: 'Notes for the carer',
  careFor: 'Care for',
  area: 'Area',
  nothingSaved: 'You are offline, and nothing has been saved on this phone yet.',
} as const;
