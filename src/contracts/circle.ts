import { z } from 'zod';
import { AUTH_MESSAGES } from './auth';
import { multiLine } from './text';
import { formatCount } from './limits';

// The family circle (decision 0036): the account holder (a family account) invites relatives by
// email, each as "can see" (the arrangements, visits and notices) or "can arrange" (also writes
// to the arrangement's carer and answers proposals, on the holder's behalf). Members join with
// their own account; the holder's messages, billing and settings stay the holder's.

export const CIRCLE_ROLES = ['can_see', 'can_arrange'] as const;
export type CircleRole = (typeof CIRCLE_ROLES)[number];
export const CIRCLE_ROLE_LABELS: Record<CircleRole, string> = {
  can_see: 'Can see',
  can_arrange: 'Can arrange',
};
/** What each role lets a member do, in words ("you would …", "they …"): the invitation email and the web. */
export const CIRCLE_ROLE_DESCRIPTIONS: Record<CircleRole, string> = {
  can_see: 'see the care arrangements, visits and visit notices',
  can_arrange:
    'see the care arrangements, visits and visit notices, write to the carer and answer arrangement proposals',
};
/** Members and open invitations together, per holder. */
export const CIRCLE_MAX_MEMBERS = 5;
/** An invitation link works this long, once. */
export const CIRCLE_INVITATION_DAYS = 7;
/** Invitations a holder may send in a day (resending counts). */
export const CIRCLE_INVITATIONS_PER_DAY = 10;
export const CIRCLE_MESSAGE_MAX = 2000;

/** The kinds of event someone can be emailed about; each can be turned off per person. */
export const NOTIFICATION_KINDS = [
  'messages',
  'proposals',
  'visit_notices',
  'no_show_alerts',
  'notes',
  'renewals',
  'timesheets',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'New messages',
  proposals: 'Arrangement proposals and answers',
  visit_notices: 'Visit notices (running late, can’t make it, cancelled visits)',
  no_show_alerts: 'No-show alerts',
  notes: 'Visit notes',
  renewals: 'Plan renewal reminders',
  timesheets: 'Timesheets (sent for approval, queried, approved)',
};
/** Beside the notification settings: the emails no setting turns off (decision 0036). */
export const NOTIFICATION_ALWAYS_SENT =
  'Security emails and records of money are always sent: password resets, email address changes, sign-in codes, someone joining or being removed from a family circle, receipts for payments, invoices and credit notes, and the reminder a day before a timesheet is approved automatically.';

export const CIRCLE_MESSAGES = {
  roleRequired: 'Choose what they can do',
  onlyFamilies: 'Only a family account can have a family circle.',
  onlyFamiliesJoin: 'Only a family account can join a family circle. Sign in with a family account.',
  full: `A family circle can have at most ${CIRCLE_MAX_MEMBERS} people, invitations included.`,
  notYourself: 'You cannot invite yourself.',
  alreadyMember: 'This person is already in your family circle.',
  tooManyInvitations: 'You have sent a lot of invitations today. Please try again tomorrow.',
  invitationInvalid: 'This invitation link is not valid any more. Ask for a new one.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address, or register with it, to accept.`,
  ownCircle: 'This is an invitation to your own family circle.',
  invitationNotFound: 'Invitation not found.',
  memberNotFound: 'Member not found.',
  membershipNotFound: 'Membership not found.',
  onlyArrange: 'Only people who can arrange may do this for the family.',
  holderOnly: 'Only the family’s account holder can do this.',
  messageRequired: 'Write a message',
  messageTooLong: `A message can be at most ${formatCount(CIRCLE_MESSAGE_MAX)} characters`,
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
} as const;

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));
const role = z.enum(CIRCLE_ROLES, { error: CIRCLE_MESSAGES.roleRequired });

/** POST /api/circle/invitations */
export const CircleInvitationInput = z.object({ email, role });
export type CircleInvitationInput = z.infer<typeof CircleInvitationInput>;
/** PATCH /api/circle/members/{id} */
export const CircleRoleInput = z.object({ role });
export type CircleRoleInput = z.infer<typeof CircleRoleInput>;
/** POST /api/circle/invitations/accept: the secret from the emailed link. */
export const CircleAcceptInput = z.object({ token: z.string().min(1).max(200) });
export type CircleAcceptInput = z.infer<typeof CircleAcceptInput>;

export const CircleMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(CIRCLE_ROLES),
  joinedAt: z.string(),
});
export type CircleMember = z.infer<typeof CircleMember>;
export const CircleInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(CIRCLE_ROLES),
  expiresAt: z.string(),
});
export type CircleInvitation = z.infer<typeof CircleInvitation>;
/** A circle the viewer belongs to: whose, and what they may do. */
export const CircleMembership = z.object({
  id: z.string(),
  holderName: z.string(),
  role: z.enum(CIRCLE_ROLES),
  joinedAt: z.string(),
});
export type CircleMembership = z.infer<typeof CircleMembership>;

/** GET /api/circle: the viewer's own circle (as its holder) and the circles they belong to. */
export const Circle = z.object({
  members: z.array(CircleMember),
  invitations: z.array(CircleInvitation),
  memberships: z.array(CircleMembership),
});
export type Circle = z.infer<typeof Circle>;

/** GET /api/circle/invitations/preview/{token}: what the link offers, before accepting it. */
export const CircleInvitationPreview = z.object({
  holderName: z.string(),
  email: z.string(),
  role: z.enum(CIRCLE_ROLES),
  expiresAt: z.string(),
});
export type CircleInvitationPreview = z.infer<typeof CircleInvitationPreview>;

/** GET and PUT /api/settings/notifications: per kind, whether the viewer is emailed. */
export const NotificationSettings = z.object({
  items: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean() })),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
export const NotificationSettingInput = z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean() });
export type NotificationSettingInput = z.infer<typeof NotificationSettingInput>;

/** POST /api/bookings/{id}/circle-messages: a "can arrange" member writes to the carer. */
export const CircleMessageInput = z.object({
  content: multiLine(z.string({ error: CIRCLE_MESSAGES.messageRequired }))
    .trim()
    .min(1, CIRCLE_MESSAGES.messageRequired)
    .max(CIRCLE_MESSAGE_MAX, CIRCLE_MESSAGES.messageTooLong),
});
export type CircleMessageInput = z.infer<typeof CircleMessageInput>;

export const Done = z.object({ done: z.literal(true) });
