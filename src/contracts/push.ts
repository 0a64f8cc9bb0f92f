// Push notices (decision 0044): Web Push to the devices a person turned it on for, per kind of
// event, with no words of anyone's on a lock screen unless the person turned previews on.
import { z } from 'zod';
import { oneLine } from './text';

/** The kinds of event a push can be about; each can be turned off per person. */
export const PUSH_KINDS = [
  'messages',
  'care_requests',
  'proposals',
  'visit_notices',
  'no_show_alerts',
  'cover_offers',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  messages: 'New messages',
  care_requests: 'Care requests near you',
  proposals: 'Arrangement proposals and answers',
  visit_notices: 'Running late and can’t make it',
  no_show_alerts: 'No-show alerts',
  cover_offers: 'Visits offered to you as a backup',
};
/** The kinds each role can be pushed about (the others never concern them). */
export const PUSH_KINDS_FOR_ROLE: Record<'customer' | 'carer', readonly PushKind[]> = {
  customer: ['messages', 'proposals', 'visit_notices', 'no_show_alerts'],
  carer: ['messages', 'care_requests', 'proposals', 'no_show_alerts', 'cover_offers'],
};
/** Pushes one person may be sent in a minute, over all their devices; more are collapsed into one. */
export const PUSH_MAX_PER_MINUTE = 4;
/** Devices (signed-in browsers) one person may turn push on for. */
export const PUSH_MAX_DEVICES = 10;
/** A preview shows at most this many characters of a message. */
export const PUSH_PREVIEW_LENGTH = 120;

/** The words of the notices themselves: short, and with nobody's name or words in them. */
export const PUSH_TEXTS = {
  title: 'CareMatch',
  messages: 'You have a new message.',
  messageFrom: (firstName: string) => `Message from ${firstName}`,
  care_requests: 'A new care request near you.',
  proposals: 'An arrangement proposal has news for you.',
  visit_notices: 'A visit has a new notice.',
  no_show_alerts: 'A visit has not been checked into.',
  onYourWay: 'A visit has started. Are you on your way?',
  cover_offers: 'A visit has been offered to you as a backup.',
  collapsed: (count: number) => `You have ${count} new notices.`,
} as const;

export const PUSH_MESSAGES = {
  sectionTitle: 'Push notices',
  sectionIntro:
    'Get notices on this device, even when CareMatch is closed. Choose which kinds below; they apply to every device you turn push on for.',
  notSupported:
    'This browser cannot show push notices. On an iPhone, add CareMatch to your Home Screen first.',
  disabled: 'Push notices are not available on this site.',
  permissionDenied:
    'Notices are blocked for this site in your browser. Allow them in the browser’s site settings, then try again.',
  turnOn: 'Turn on push for this device',
  turnOff: 'Turn off push for this device',
  onForThisDevice: 'Push is on for this device.',
  offForThisDevice: 'Push is off for this device.',
  turnedOnTitle: 'Push Turned On',
  turnedOnBody: 'This device will get your notices.',
  turnedOffTitle: 'Push Turned Off',
  turnedOffBody: 'This device will no longer get notices.',
  kindsLegend: 'What to push',
  previewsLabel: 'Show message previews',
  previewsHint:
    'Off: a notice says only that a message came, so nothing anyone wrote shows on a locked screen. On: the sender’s first name and the start of the message.',
  savedTitle: 'Push Settings Saved',
  devicesTitle: 'Devices with push on',
  thisDevice: 'This device',
  removeDevice: 'Remove',
  deviceRemovedBody: 'That device will no longer get notices.',
  noDevices: 'No device has push turned on.',
  failed: 'Push could not be turned on. Please try again.',
  noServiceWorker:
    'This browser has not finished setting CareMatch up for notices. Reload the page and try again.',
  saveFailed: 'Your choice could not be saved. Please try again.',
  loadFailed: 'Your push choices could not be loaded.',
  tooManyDevices: `Push can be on for at most ${PUSH_MAX_DEVICES} devices. Remove one first.`,
  endpointNotAllowed: 'This browser’s push service is not one CareMatch sends to.',
  deviceNotFound: 'That device no longer has push on.',
  onlyFamiliesAndCarers: 'Push notices are for family and carer accounts.',
  signedOutNote: 'Push stops on a device when you sign out there.',
} as const;

// Base64url without padding, as browsers give a subscription's keys.
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives, and a device name. */
export const PushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes → 87 characters) and a 16-byte secret (22).
    p256dh: base64url(100),
    auth: base64url(40),
  }),
  label: oneLine(z.string().trim().max(80)).optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** POST /api/push/subscriptions/remove: this device's own subscription, by its endpoint. */
export const PushUnsubscribeInput = z.object({ endpoint: z.string().min(1).max(2048) });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInput>;

export const PushDevice = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** Turned on from the session making this request (this browser). */
  thisDevice: z.boolean(),
});
export type PushDevice = z.infer<typeof PushDevice>;

/** GET /api/push/key: whether push works here, and the VAPID public key to subscribe with. */
export const PushKey = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof PushKey>;

/** GET and PUT /api/settings/push. */
export const PushSettings = z.object({
  kinds: z.object(
    Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as {
      [K in PushKind]: z.ZodBoolean;
    },
  ),
  previews: z.boolean(),
  devices: z.array(PushDevice),
});
export type PushSettings = z.infer<typeof PushSettings>;

export const PushSettingsInput = z.object({
  kinds: z
    .object(
      Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean().optional()])) as {
        [K in PushKind]: z.ZodOptional<z.ZodBoolean>;
      },
    )
    .optional(),
  previews: z.boolean().optional(),
});
export type PushSettingsInput = z.infer<typeof PushSettingsInput>;

/**
 * What a push carries (the service worker shows it): short words of ours, where to go, and a tag
 * so a newer notice about the same thing replaces the older one.
 */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  kind: z.union([z.enum(PUSH_KINDS), z.literal('collapsed')]),
});
export type PushPayload = z.infer<typeof PushPayload>;
