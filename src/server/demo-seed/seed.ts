import { and, eq, inArray, sql } from 'drizzle-orm';
import { describeVisits, VISIT_HORIZON_WEEKS, type WeeklyVisit } from '@contracts/arrangements';
import { slotMask, WEEK_DAYS } from '@contracts/availability';
import { CARE_REQUEST_OPEN_DAYS } from '@contracts/care-requests';
import { CARER_MEMBERSHIP } from '@contracts/pricing';
import { hashPassword } from '../features/auth';
import { visitsBetween } from '../features/arrangements';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../features/demo';
import { addCalendarMonths } from '../platform/calendar';
import { ukDate, ukTime, weekdayIndex } from '../platform/uk-time';
import type { Database, Executor } from '../db/client';
import {
  arrangements,
  billingSubscriptions,
  careRequests,
  circleMembers,
  conversations,
  coverBackups,
  messages,
  visits,
  visitNotes,
  visitNoteReplies,
  carerProfiles,
  carerInsurance,
  carerVerifications,
  payments,
  reviews,
  users,
  type UserRow,
} from '../db/schema';
import { SEED_CARERS, SEED_REVIEWERS, type SeedCarer } from './seed-data';
import { demoPhotoUrl } from '../platform/demo-photos';
import { builtInPlaces, demoHomeOf } from './seed-places';

// The demo accounts are the demo feature's (the admin's demo sign-in names them too).
export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const DEMO_CARER_PROFILE: Omit<SeedCarer, 'key' | 'email' | 'firstName' | 'lastName' | 'reviews'> = {
  specialization: 'Elderly Care',
  experience: '6-10 years',
  location: 'Leeds, West Yorkshire',
  postcodeDistrict: 'LS8',
  hourlyRateMin: '17.50',
  hourlyRateMax: '24.00',
  description:
    'I spent eight years as a senior carer at a residential home in Roundhay before going independent. ' +
    'I support older people to stay at home: personal care, medication prompts, meals cooked from scratch ' +
    'and trips out to the shops or the park. I drive and I am happy with pets.',
  qualifications: ['NVQ Level 3', 'Medication Administration', 'Manual Handling', 'First Aid Certified'],
  availability: ['Weekdays', 'Evenings', 'Emergency Cover'],
  isVerified: true,
  isActive: true,
  lastActiveDaysAgo: 0,
};

const DAY_MS = 86_400_000;
const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);

async function ensureUser(
  tx: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    role: UserRow['role'];
    passwordHash: string | null;
  },
): Promise<UserRow> {
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${values.email})`)
    .limit(1);
  // Demo accounts are confirmed (decision 0019): also those seeded before addresses needed confirming.
  if (existing) {
    if (existing.emailVerifiedAt) return existing;
    const [confirmed] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return confirmed ?? existing;
  }
  // Demo people have been members for months: the home greets them "back" (homeGreeting).
  const since = new Date(Date.now() - 120 * 86_400_000);
  const [created] = await tx
    .insert(users)
    .values({ ...values, emailVerifiedAt: since, createdAt: since, updatedAt: since })
    .returning();
  if (!created) throw new Error(`could not create ${values.email}`);
  return created;
}

async function ensureCarerProfile(
  tx: Executor,
  user: UserRow,
  carer: SeedCarer,
  reviewerIds: Map<string, string>,
  now: Date,
) {
  const photoUrl = demoPhotoUrl(carer.key);
  const [existing] = await tx
    .select({ id: carerProfiles.id, photoUrl: carerProfiles.photoUrl })
    .from(carerProfiles)
    .where(eq(carerProfiles.userId, user.id));
  if (existing) {
    // Demo data seeded before the portraits: a seeded carer who cannot sign in (no password), and
    // so never chose a photo, gets theirs.
    if (existing.photoUrl === null && user.passwordHash === null) {
      await tx.update(carerProfiles).set({ photoUrl }).where(eq(carerProfiles.id, existing.id));
      await tx.update(users).set({ profileImageUrl: photoUrl }).where(eq(users.id, user.id));
    }
    return;
  }
  const ratings = carer.reviews.map((review) => review.rating);
  const home = await demoHomeOf(carer, now);
  const average = ratings.length ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : 0;
  const [profile] = await tx
    .insert(carerProfiles)
    .values({
      userId: user.id,
      firstName: carer.firstName,
      lastName: carer.lastName,
      photoUrl,
      specialization: carer.specialization,
      experience: carer.experience,
      location: carer.location,
      postcodeDistrict: carer.postcodeDistrict,
      ...home,
      hourlyRateMin: carer.hourlyRateMin,
      hourlyRateMax: carer.hourlyRateMax,
      description: carer.description,
      qualifications: [...carer.qualifications],
      availability: [...carer.availability],
      rating: average.toFixed(2),
      reviewCount: ratings.length,
      isActive: carer.isActive,
      isVerified: carer.isVerified,
      lastActiveAt: daysAgo(carer.lastActiveDaysAgo, now),
      createdAt: daysAgo(Math.max(30, ...carer.reviews.map((review) => review.daysAgo + 7)), now),
      listedUntil: addCalendarMonths(now, 1),
    })
    .returning({ id: carerProfiles.id });
  if (!profile) throw new Error(`could not create the profile of ${carer.email}`);
  // The account's picture is the profile photo, as when a carer uploads one (settings).
  await tx.update(users).set({ profileImageUrl: photoUrl }).where(eq(users.id, user.id));
  if (carer.reviews.length > 0) {
    await tx.insert(reviews).values(
      carer.reviews.map((review) => ({
        carerId: profile.id,
        customerId: reviewerIds.get(review.reviewerKey) ?? null,
        rating: review.rating,
        comment: review.comment,
        createdAt: daysAgo(review.daysAgo, now),
        updatedAt: daysAgo(review.daysAgo, now),
      })),
    );
  }
}

/**
 * Demo data: the demo accounts (README, "Demo accounts"; product §10) and realistic carers with reviews. Idempotent:
 * running it again adds only what is missing, and renews the demo subscriber's plan if it lapsed.
 */
export async function seedDemoData(db: Database, now: Date = new Date()): Promise<void> {
  const demoHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const demoUsers = new Map<string, UserRow>();
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
      demoUsers.set(key, await ensureUser(tx, { ...account, passwordHash: demoHash }));
    }

    const subscriber = demoUsers.get('subscribed');
    if (subscriber && (!subscriber.subscriptionExpiresAt || subscriber.subscriptionExpiresAt < now)) {
      const expiresAt = new Date(now);
      expiresAt.setFullYear(expiresAt.getFullYear() + 1);
      await tx
        .update(users)
        .set({
          subscriptionStatus: 'active',
          subscriptionType: 'annual',
          subscriptionExpiresAt: expiresAt,
          updatedAt: now,
        })
        .where(eq(users.id, subscriber.id));
      await tx
        .insert(payments)
        .values({
          userId: subscriber.id,
          provider: 'demo',
          providerReference: `seed-annual-${now.toISOString().slice(0, 10)}`,
          plan: 'annual',
          amountPence: 10000,
          status: 'succeeded',
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    }

    // Seeded reviewers and carers cannot sign in: they have no password.
    const reviewerIds = new Map<string, string>();
    for (const reviewer of SEED_REVIEWERS) {
      const user = await ensureUser(tx, { ...reviewer, role: 'customer', passwordHash: null });
      reviewerIds.set(reviewer.key, user.id);
    }

    const demoCarer = demoUsers.get('carer');
    if (demoCarer) {
      await ensureCarerProfile(
        tx,
        demoCarer,
        { ...DEMO_CARER_PROFILE, key: 'demo-carer', ...DEMO_ACCOUNTS.carer, reviews: demoCarerReviews() },
        reviewerIds,
        now,
      );
      await ensureDemoMembership(tx, demoCarer, now, true);
    }
    for (const carer of SEED_CARERS) {
      const user = await ensureUser(tx, { ...carer, role: 'carer', passwordHash: null });
      await ensureCarerProfile(tx, user, carer, reviewerIds, now);
      await ensureDemoMembership(tx, user, now, false);
    }
    await ensureDemoVerifications(tx, demoCarer, demoUsers.get('admin'), now);
    await ensureSeedCarerChecks(tx, demoUsers.get('admin'), now);
    await ensureSeedCarerInsurance(tx, demoUsers.get('admin'), now);
    await ensureDemoCareRequests(tx, reviewerIds, now);
    const subscribed = demoUsers.get('subscribed');
    const relative = demoUsers.get('relative');
    if (subscribed) {
      if (relative) {
        await tx
          .insert(circleMembers)
          .values({ holderId: subscribed.id, memberId: relative.id, role: 'can_see' })
          .onConflictDoNothing();
      }
      const arrangementId = await ensureDemoArrangement(tx, subscribed, now);
      if (arrangementId) {
        await ensureDemoCoverPlan(tx, subscribed, arrangementId, now);
        await ensureDemoVisitRecords(tx, arrangementId, FAMILY_VISIT_NOTES, now, [
          {
            by: subscribed.id,
            onNote: 1,
            text: 'Thank you for telling us. I have booked Mum in with the GP on Friday.',
          },
          ...(relative
            ? [
                {
                  by: relative.id,
                  onNote: 2,
                  text: 'I will bring bread round on Saturday. Thank you, Margaret!',
                },
              ]
            : []),
        ]);
      }
    }
    if (demoCarer) await ensureDemoCarerArrangement(tx, demoCarer, reviewerIds, now);
  });
}

/** A note the seed writes for a visit that happened: the words and the ticks. */
interface SeedNote {
  text: string;
  ticks: string[];
}

const FAMILY_NOTE_TICKS = ['Breakfast', 'Washed and dressed', 'Walk', 'Medication prompted'];
const FAMILY_VISIT_NOTES: SeedNote[] = [
  {
    text: 'Patience was up and cheerful. Porridge with honey, then we sat in the garden for ten minutes.',
    ticks: ['Breakfast', 'Washed and dressed', 'Medication prompted'],
  },
  {
    text: 'A slower morning: she slept badly and her left knee is sore. She did not want a walk today. Worth mentioning to the GP if it goes on.',
    ticks: ['Breakfast', 'Washed and dressed', 'Medication prompted'],
  },
  {
    text: 'Much brighter today. We walked to the end of the road and back. The bread is nearly finished.',
    ticks: FAMILY_NOTE_TICKS,
  },
  {
    text: 'All well. She asked about the church lunch on Sunday.',
    ticks: ['Breakfast', 'Washed and dressed', 'Medication prompted'],
  },
];

const CARER_NOTE_TICKS = ['Lunch', 'Walk', 'Medication prompted'];
const CARER_VISIT_NOTES: SeedNote[] = [
  {
    text: 'Ravi enjoyed his lunch and we did the crossword together.',
    ticks: ['Lunch', 'Medication prompted'],
  },
  { text: 'A good walk to the park. He was tired afterwards and had a nap.', ticks: CARER_NOTE_TICKS },
  { text: '', ticks: ['Lunch', 'Medication prompted'] },
];

/**
 * The history of an arrangement's visits that are over: each checked into and out of a few minutes
 * either side, the second recorded afterwards (with its reason), each with a note from `notes` in
 * turn, and the family's replies (`onNote`: which note, by its place among the notes). Added once
 * (skipped when any visit of the arrangement has a check-in).
 */
async function ensureDemoVisitRecords(
  tx: Executor,
  arrangementId: string,
  notes: SeedNote[],
  now: Date,
  replies: Array<{ by: string; onNote: number; text: string }> = [],
) {
  const past = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.arrangementId, arrangementId), eq(visits.status, 'scheduled')))
    .orderBy(visits.startsAt);
  if (past.some((visit) => visit.checkedInAt)) return;
  const over = past.filter((visit) => visit.endsAt < now);
  const MINUTE = 60_000;
  for (const [index, visit] of over.entries()) {
    const afterwards = index === 1;
    const checkedInAt = new Date(visit.startsAt.getTime() + (2 + (index % 4) * 3) * MINUTE);
    const checkedOutAt = new Date(visit.endsAt.getTime() - (index % 3) * 4 * MINUTE);
    await tx
      .update(visits)
      .set({
        checkedInAt,
        checkedOutAt,
        ...(afterwards
          ? {
              recordedAfterwardsAt: new Date(Math.min(visit.endsAt.getTime() + 90 * MINUTE, now.getTime())),
              recordedReason: 'My phone ran out of battery on the way.',
            }
          : {}),
      })
      .where(eq(visits.id, visit.id));
    const note = notes[index % notes.length]!;
    await tx.insert(visitNotes).values({ visitId: visit.id, ...note, writtenAt: checkedOutAt });
    for (const reply of replies.filter((each) => each.onNote === index)) {
      await tx.insert(visitNoteReplies).values({
        visitId: visit.id,
        authorId: reply.by,
        text: reply.text,
        createdAt: new Date(Math.min(checkedOutAt.getTime() + 3 * 3_600_000, now.getTime())),
      });
    }
  }
}

/** One line of a seeded conversation: who wrote to whom, how many days ago, and what. */
type SeedMessage = readonly [senderId: string, receiverId: string, daysAgo: number, content: string];

/**
 * A conversation between a family and a carer, started `startedDaysAgo` days ago, with its
 * messages, all read (no account starts with unread ones); the conversation of the pair if one
 * exists already, its last message time brought forward. Its id.
 */
async function insertDemoConversation(
  tx: Executor,
  pair: { customerId: string; carerId: string },
  startedDaysAgo: number,
  said: readonly SeedMessage[],
  now: Date,
): Promise<string> {
  const lastMessageAt = daysAgo(Math.min(...said.map(([, , ago]) => ago)), now);
  const [conversation] = await tx
    .insert(conversations)
    .values({ ...pair, createdAt: daysAgo(startedDaysAgo, now), lastMessageAt })
    .onConflictDoUpdate({
      target: [conversations.customerId, conversations.carerId],
      set: { lastMessageAt },
    })
    .returning({ id: conversations.id });
  await tx.insert(messages).values(
    said.map(([senderId, receiverId, ago, content]) => ({
      conversationId: conversation!.id,
      senderId,
      receiverId,
      content,
      createdAt: daysAgo(ago, now),
      readAt: daysAgo(ago, now),
    })),
  );
  return conversation!.id;
}

/**
 * The demo carer's own arrangement, with the reviewer who wrote her first review: three visits a
 * week, one of them today an hour from the time of seeding (so the carer has a visit to check in
 * to), from two weeks ago, with its history. Added once.
 */
async function ensureDemoCarerArrangement(
  tx: Executor,
  demoCarer: UserRow,
  reviewerIds: Map<string, string>,
  now: Date,
) {
  const familyKey = demoCarerReviews()[0]?.reviewerKey;
  const familyId = familyKey ? reviewerIds.get(familyKey) : undefined;
  const [carer] = await tx
    .select({ id: carerProfiles.id })
    .from(carerProfiles)
    .where(eq(carerProfiles.userId, demoCarer.id));
  if (!familyId || !carer) return;
  const [existing] = await tx
    .select({ id: arrangements.id })
    .from(arrangements)
    .where(and(eq(arrangements.customerId, familyId), eq(arrangements.carerId, carer.id)))
    .limit(1);
  if (existing) return;
  const today = ukDate(now);
  const hour = Math.min(18, Math.max(8, Number(ukTime(now).slice(0, 2)) + 1));
  const time = (at: number) => `${String(at).padStart(2, '0')}:00`;
  const pattern: WeeklyVisit[] = [0, 2, 4].map((after) => ({
    day: WEEK_DAYS[(weekdayIndex(today) + after) % 7]!,
    start: time(hour),
    end: time(hour + 2),
  }));
  const agreedAt = daysAgo(16, now);
  const startDate = ukDate(daysAgo(14, now));
  const conversationId = await insertDemoConversation(
    tx,
    { customerId: familyId, carerId: carer.id },
    18,
    [
      [
        familyId,
        demoCarer.id,
        18,
        'Hello Grace, my dad needs company and a hot lunch three days a week. Are you free?',
      ],
      [
        demoCarer.id,
        familyId,
        17,
        'Hello Priya, yes, I would be glad to help. Shall I come and meet him first?',
      ],
      [
        familyId,
        demoCarer.id,
        16,
        `Proposed a care arrangement: ${describeVisits(pattern)}, from ${startDate}, at £20.00 an hour.`,
      ],
      [demoCarer.id, familyId, 16, 'Accepted the care arrangement.'],
    ],
    now,
  );
  const [arrangement] = await tx
    .insert(arrangements)
    .values({
      conversationId,
      customerId: familyId,
      carerId: carer.id,
      status: 'accepted',
      proposedBy: 'customer',
      startDate,
      visits: pattern,
      hourlyRate: '20.00',
      tasks: 'Cook a hot lunch, keep Dad company, and a short walk if the weather is kind.',
      careFor: 'Dad — Ravi',
      careNotes: 'Key safe by the front door (code from Priya). Allergic to penicillin.',
      noteTicks: CARER_NOTE_TICKS,
      createdAt: agreedAt,
      updatedAt: agreedAt,
    })
    .returning();
  const made = visitsBetween(
    arrangement!,
    startDate,
    ukDate(new Date(now.getTime() + VISIT_HORIZON_WEEKS * 7 * DAY_MS)),
  );
  if (made.length > 0) await tx.insert(visits).values(made).onConflictDoNothing();
  await ensureDemoVisitRecords(tx, arrangement!.id, CARER_VISIT_NOTES, now);
}

/**
 * The subscribed demo family's accepted arrangement with Margaret Okafor (Leeds), agreed in their
 * conversation 16 days ago: Tuesdays and Thursdays 09:00-12:00 from two weeks ago, for Mum, with
 * its visits for the coming weeks ("My care"). Messages are read, so no account starts with unread
 * ones. Added once; its id, new or not.
 */
async function ensureDemoArrangement(tx: Executor, family: UserRow, now: Date): Promise<string | undefined> {
  const [carer] = await tx
    .select({ id: carerProfiles.id, userId: carerProfiles.userId })
    .from(carerProfiles)
    .innerJoin(users, eq(users.id, carerProfiles.userId))
    .where(eq(users.email, 'margaret.okafor@example.com'));
  if (!carer?.userId) return undefined;
  const [existing] = await tx
    .select({ id: arrangements.id })
    .from(arrangements)
    .where(and(eq(arrangements.customerId, family.id), eq(arrangements.carerId, carer.id)))
    .limit(1);
  if (existing) return existing.id;
  const agreedAt = daysAgo(16, now);
  const visitsWeekly = [
    { day: 'tuesday', start: '09:00', end: '12:00' },
    { day: 'thursday', start: '09:00', end: '12:00' },
  ] as const;
  const startDate = ukDate(daysAgo(14, now));
  const conversationId = await insertDemoConversation(
    tx,
    { customerId: family.id, carerId: carer.id },
    18,
    [
      [
        family.id,
        carer.userId,
        18,
        'Hello Margaret, my mum lives in Headingley and needs help getting up on Tuesday and Thursday mornings. Could you help?',
      ],
      [
        carer.userId,
        family.id,
        17,
        'Hello Sam, yes, I have those mornings free and I know Headingley well. Shall we meet first?',
      ],
      [
        family.id,
        carer.userId,
        16,
        `Proposed a care arrangement: ${describeVisits([...visitsWeekly])}, from ${startDate}, at £19.00 an hour.`,
      ],
      [carer.userId, family.id, 16, 'Accepted the care arrangement.'],
    ],
    now,
  );
  const [arrangement] = await tx
    .insert(arrangements)
    .values({
      conversationId,
      customerId: family.id,
      carerId: carer.id,
      status: 'accepted',
      proposedBy: 'customer',
      startDate,
      visits: [...visitsWeekly],
      hourlyRate: '19.00',
      tasks:
        'Help Mum to wash and dress, make breakfast, check she has taken her morning tablets, and a short walk if she feels up to it.',
      careFor: 'Mum — Patience',
      careNotes:
        'Spare key with the neighbour at number 12. Mild nut allergy. The cat, Biscuit, stays indoors.',
      noteTicks: FAMILY_NOTE_TICKS,
      createdAt: agreedAt,
      updatedAt: agreedAt,
    })
    .returning();
  const made = visitsBetween(
    arrangement!,
    startDate,
    ukDate(new Date(now.getTime() + VISIT_HORIZON_WEEKS * 7 * DAY_MS)),
  );
  if (made.length > 0) await tx.insert(visits).values(made).onConflictDoNothing();
  return arrangement!.id;
}

/** The backup carer in the demo family's cover plan (a seeded carer: they cannot sign in). */
export const DEMO_BACKUP_CARER_EMAIL = 'aisha.rahman@example.com';

/**
 * The demo family's cover plan (decision 0037): Aisha Rahman, whom Sam asked 12 days ago whether
 * she could step in when Margaret can't come, at the £17.00 an hour they agreed there. Added once
 * (skipped when the arrangement has any backup).
 */
async function ensureDemoCoverPlan(tx: Executor, family: UserRow, arrangementId: string, now: Date) {
  const [named] = await tx
    .select({ carerId: coverBackups.carerId })
    .from(coverBackups)
    .where(eq(coverBackups.arrangementId, arrangementId))
    .limit(1);
  if (named) return;
  const [backup] = await tx
    .select({ id: carerProfiles.id, userId: carerProfiles.userId })
    .from(carerProfiles)
    .innerJoin(users, eq(users.id, carerProfiles.userId))
    .where(eq(users.email, DEMO_BACKUP_CARER_EMAIL));
  if (!backup?.userId) return;
  await insertDemoConversation(
    tx,
    { customerId: family.id, carerId: backup.id },
    12,
    [
      [
        family.id,
        backup.userId,
        12,
        'Hello Aisha, Margaret helps my mum on Tuesday and Thursday mornings. Could we call on you if she ever can’t come?',
      ],
      [
        backup.userId,
        family.id,
        11,
        'Hello Sam, yes, I would be happy to be your back-up for those mornings, at £17 an hour.',
      ],
      [family.id, backup.userId, 10, 'Thank you, Aisha. I have put you in our cover plan.'],
    ],
    now,
  );
  await tx.insert(coverBackups).values({
    arrangementId,
    carerId: backup.id,
    position: 1,
    hourlyRate: '17.00',
    createdAt: daysAgo(10, now),
  });
}

/**
 * Open care requests near the demo carer (Roundhay, LS8), from families among the reviewers, of
 * the demo carer's care type and week: the carer dashboard's requests have something to show.
 * Added once (skipped when any of these families has a request).
 */
async function ensureDemoCareRequests(tx: Executor, reviewerIds: Map<string, string>, now: Date) {
  const requests = [
    {
      reviewer: 'priya-shah',
      recipient: 'My mother',
      postcode: 'LS6 2QA',
      slots: ['tuesday-morning', 'thursday-morning'] as const,
      hoursPerWeek: 6,
      budget: ['17.00', '22.00'],
      description:
        'Mum is 84, lives alone in Headingley and is getting frailer. She needs help to wash and dress, a cooked breakfast and someone to check she has taken her tablets, two mornings a week.',
      startInDays: 10,
    },
    {
      reviewer: 'james-whitaker',
      recipient: 'My father',
      postcode: 'LS17 6HQ',
      slots: ['monday-evening', 'wednesday-evening', 'friday-evening'] as const,
      hoursPerWeek: 9,
      budget: ['16.50', '21.00'],
      description:
        'Dad has early dementia and is unsettled in the evenings. We would like someone calm to cook tea with him, help him get ready for bed and keep him company three evenings a week.',
      startInDays: 14,
    },
    {
      reviewer: 'priya-shah',
      recipient: 'My parents',
      postcode: 'LS8 1DT',
      slots: ['monday-afternoon', 'thursday-afternoon'] as const,
      hoursPerWeek: 4,
      budget: ['18.00', '24.00'],
      description:
        'My parents are both in their late eighties. They need a hand with shopping and appointments, and some company, two afternoons a week. Dad uses a walking frame.',
      startInDays: 21,
    },
  ];
  const customerIds = requests
    .map((request) => reviewerIds.get(request.reviewer))
    .filter((id) => id !== undefined);
  if (customerIds.length === 0) return;
  const [existing] = await tx
    .select({ id: careRequests.id })
    .from(careRequests)
    .where(inArray(careRequests.customerId, customerIds))
    .limit(1);
  if (existing) return;
  for (const request of requests) {
    const customerId = reviewerIds.get(request.reviewer);
    if (!customerId) continue;
    const check = await builtInPlaces.checkHomePostcode(request.postcode);
    const place = check.status === 'not-found' ? null : check.place;
    if (!place) continue;
    await tx.insert(careRequests).values({
      customerId,
      recipient: request.recipient,
      careType: 'Elderly Care',
      postcode: request.postcode,
      postcodeDistrict: place.outwardCode ?? request.postcode.split(' ')[0]!,
      latitude: place.latitude,
      longitude: place.longitude,
      startDate: new Date(now.getTime() + request.startInDays * DAY_MS).toISOString().slice(0, 10),
      patternSlots: slotMask([...request.slots]),
      hoursPerWeek: request.hoursPerWeek,
      budgetMin: request.budget[0]!,
      budgetMax: request.budget[1]!,
      description: request.description,
      status: 'open',
      closesAt: new Date(now.getTime() + CARE_REQUEST_OPEN_DAYS * DAY_MS),
    });
  }
}

/** The carer whose checks wait in the admin's verification queue in a fresh demo. */
export const DEMO_PENDING_VERIFICATION_EMAIL = 'chloe.hughes@example.com';

const DEMO_REFERENCES = [
  {
    name: 'Margaret Holt',
    relationship: 'Former manager at a care home in Roundhay',
    contact: 'm.holt@example.co.uk',
  },
  { name: 'David Osei', relationship: 'Son of a client I cared for over two years', contact: '07700 900123' },
];

/**
 * Demo verifications: the demo carer's approved checks (what a subscriber sees on the
 * profile) and one submission waiting in the admin queue. No document files: the admin screen
 * shows the details without downloads. Added once per carer.
 */
async function ensureDemoVerifications(
  tx: Executor,
  demoCarer: UserRow | undefined,
  admin: UserRow | undefined,
  now: Date,
) {
  const profileOf = async (userId: string) =>
    (
      await tx.select({ id: carerProfiles.id }).from(carerProfiles).where(eq(carerProfiles.userId, userId))
    )[0];
  const hasAny = async (carerId: string) =>
    (
      await tx
        .select({ id: carerVerifications.id })
        .from(carerVerifications)
        .where(eq(carerVerifications.carerId, carerId))
        .limit(1)
    ).length > 0;

  const approved = demoCarer ? await profileOf(demoCarer.id) : undefined;
  if (approved && !(await hasAny(approved.id))) {
    await tx.insert(carerVerifications).values({
      carerId: approved.id,
      status: 'approved',
      dbsLevel: 'Enhanced with Barred List',
      dbsIssueDate: '2026-03-09',
      dbsCertificateNumber: '001987654321',
      dbsUpdateService: true,
      rightToWorkMethod: 'share_code',
      rightToWorkShareCode: 'W4K7Q9P2X',
      references: DEMO_REFERENCES,
      submittedAt: daysAgo(20, now),
      reviewedAt: daysAgo(18, now),
      reviewedBy: admin?.id ?? null,
    });
    await tx.update(carerProfiles).set({ isVerified: true }).where(eq(carerProfiles.id, approved.id));
  }

  const [pendingUser] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_PENDING_VERIFICATION_EMAIL}`);
  const pending = pendingUser ? await profileOf(pendingUser.id) : undefined;
  if (pending && !(await hasAny(pending.id))) {
    await tx.insert(carerVerifications).values({
      carerId: pending.id,
      status: 'pending',
      dbsLevel: 'Enhanced',
      dbsIssueDate: '2021-06-14',
      dbsCertificateNumber: '001122334455',
      dbsUpdateService: false,
      rightToWorkMethod: 'share_code',
      rightToWorkShareCode: 'K8M2T6R4Z',
      references: DEMO_REFERENCES,
      submittedAt: daysAgo(2, now),
    });
  }
}

/**
 * Seeded carers pay their membership: a demo subscription each, paid a month ahead, which the demo
 * renewal task renews like any other, catching up on months the demo was off
 * (docs/decisions/0006-payments.md). Added once per carer.
 */
/**
 * Every verified seeded carer has the approved checks behind their badge (a profile is listed
 * only once they are approved, docs/decisions/0026-listed-once-checked.md): Enhanced checks with
 * varied dates, some on the Update Service. Added once per carer that has no submission yet.
 */
async function ensureSeedCarerChecks(tx: Executor, admin: UserRow | undefined, now: Date) {
  const verified = await tx
    .select({ id: carerProfiles.id })
    .from(carerProfiles)
    .innerJoin(users, eq(users.id, carerProfiles.userId))
    .where(
      and(
        eq(carerProfiles.isVerified, true),
        inArray(
          sql`lower(${users.email})`,
          SEED_CARERS.map((carer) => carer.email.toLowerCase()),
        ),
        sql`not exists (select 1 from ${carerVerifications} where ${carerVerifications.carerId} = ${carerProfiles.id})`,
      ),
    )
    .orderBy(carerProfiles.firstName, carerProfiles.id);
  if (verified.length === 0) return;
  await tx.insert(carerVerifications).values(
    verified.map(({ id }, index) => {
      const issued = daysAgo(120 + ((index * 97) % 900), now)
        .toISOString()
        .slice(0, 10);
      return {
        carerId: id,
        status: 'approved',
        dbsLevel: index % 3 === 2 ? 'Enhanced' : 'Enhanced with Barred List',
        dbsIssueDate: issued,
        dbsCertificateNumber: String(1_300_000_000_00 + index * 7919).padStart(12, '0'),
        dbsUpdateService: index % 2 === 0,
        rightToWorkMethod: index % 4 === 1 ? 'passport' : 'share_code',
        rightToWorkShareCode: index % 4 === 1 ? null : `W${String(index).padStart(2, '0')}K7Q9P2`,
        references: DEMO_REFERENCES,
        submittedAt: daysAgo(40 + index, now),
        reviewedAt: daysAgo(38 + index, now),
        reviewedBy: admin?.id ?? null,
      };
    }),
  );
}

/**
 * Every verified seeded carer (and the demo carer) has approved public liability cover, required
 * to stay listed (docs/decisions/0028-compliance-lapse-rules.md), ending 4 to 12 months ahead.
 * Added once per carer with no insurance yet, so a demo seeded before insurance existed gets it too.
 */
async function ensureSeedCarerInsurance(tx: Executor, admin: UserRow | undefined, now: Date) {
  const emails = [DEMO_ACCOUNTS.carer.email, ...SEED_CARERS.map((carer) => carer.email)];
  const verified = await tx
    .select({ id: carerProfiles.id })
    .from(carerProfiles)
    .innerJoin(users, eq(users.id, carerProfiles.userId))
    .where(
      and(
        eq(carerProfiles.isVerified, true),
        inArray(
          sql`lower(${users.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
        sql`not exists (select 1 from ${carerInsurance} where ${carerInsurance.carerId} = ${carerProfiles.id})`,
      ),
    )
    .orderBy(carerProfiles.firstName, carerProfiles.id);
  if (verified.length === 0) return;
  await tx.insert(carerInsurance).values(
    verified.map(({ id }, index) => ({
      carerId: id,
      kind: 'public_liability',
      insurer: ['Hiscox', 'Markel', 'Zurich', 'Aviva'][index % 4]!,
      policyNumber: `PL-${String(4_200_000 + index * 131).padStart(8, '0')}`,
      coverPounds: index % 3 === 0 ? 5_000_000 : 2_000_000,
      expiresOn: daysAgo(-(120 + ((index * 53) % 240)), now)
        .toISOString()
        .slice(0, 10),
      status: 'approved',
      submittedAt: daysAgo(40 + index, now),
      reviewedAt: daysAgo(38 + index, now),
      reviewedBy: admin?.id ?? null,
    })),
  );
}

async function ensureDemoMembership(tx: Executor, user: UserRow, now: Date, withPayment: boolean) {
  const periodEnd = addCalendarMonths(now, 1);
  const [subscription] = await tx
    .insert(billingSubscriptions)
    .values({
      userId: user.id,
      purpose: 'carer_membership',
      provider: 'demo',
      providerSubscriptionId: `demo_sub_seed_${user.id}`,
      status: 'active',
      currentPeriodEnd: periodEnd,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: billingSubscriptions.id });
  if (!subscription) return;
  await tx
    .update(carerProfiles)
    .set({
      listedUntil: sql`greatest(${carerProfiles.listedUntil}, ${periodEnd.toISOString()}::timestamptz)`,
    })
    .where(eq(carerProfiles.userId, user.id));
  if (withPayment) {
    await tx
      .insert(payments)
      .values({
        userId: user.id,
        provider: 'demo',
        providerReference: `seed-membership-${user.id}`,
        plan: 'carer_membership',
        amountPence: CARER_MEMBERSHIP.amountPence,
        status: 'succeeded',
        billingSubscriptionId: subscription.id,
        providerSubscriptionId: `demo_sub_seed_${user.id}`,
        periodEnd,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
}

function demoCarerReviews(): SeedCarer['reviews'] {
  const [first, second] = SEED_REVIEWERS;
  if (!first || !second) return [];
  return [
    {
      rating: 5,
      comment:
        'Grace has looked after my dad three mornings a week since spring. Always on time, always cheerful, and she noticed his new medication was making him dizzy before we did.',
      daysAgo: 21,
      reviewerKey: first.key,
    },
    {
      rating: 4,
      comment:
        'Reliable and kind with Mum. She once had to swap a visit at short notice but let us know the day before.',
      daysAgo: 64,
      reviewerKey: second.key,
    },
  ];
}
