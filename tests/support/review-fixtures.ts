import { randomUUID } from 'node:crypto';
import { conversations, carerProfiles, messages, users, type UserRow } from '../../src/server/db/schema';
import { createSessionRepository } from '../../src/server/platform/sessions/session.repository';
import { createSessionService } from '../../src/server/platform/sessions/session.service';
import type { TestApp } from './test-app';

export type Subscription = 'none' | 'active' | 'expired';

export interface Person {
  user: UserRow;
  cookie: string;
}

export interface CarerPerson extends Person {
  profile: { id: string; userId: string };
}

const DAY_MS = 86_400_000;

/**
 * People made straight in the database with a real session (no password hashing), so tests that
 * need dozens of accounts stay fast. Conversations and replies are written the same way.
 */
export function createPeople(t: TestApp) {
  const { db } = t.database;
  const sessions = createSessionService(t.config, createSessionRepository(db));

  async function person(role: UserRow['role'], subscription: Subscription = 'none'): Promise<Person> {
    const now = Date.now();
    const [user] = await db
      .insert(users)
      .values({
        email: `${role}.${randomUUID()}@example.org`,
        firstName: role === 'carer' ? 'Carla' : 'Chris',
        lastName: `Tester${Math.floor(Math.random() * 1000)}`,
        role,
        // Confirmed addresses, like test-app's register().
        emailVerifiedAt: new Date(now),
        ...(subscription === 'none'
          ? {}
          : {
              subscriptionStatus: 'active',
              subscriptionType: 'monthly' as const,
              subscriptionExpiresAt: new Date(subscription === 'active' ? now + 30 * DAY_MS : now - DAY_MS),
            }),
      })
      .returning();
    if (!user) throw new Error('user insert returned no row');
    const { token } = await sessions.start(user, {});
    return { user, cookie: `${t.config.session.cookieName}=${token}` };
  }

  /** A message written straight into a conversation (a reply, usually). */
  async function reply(conversationId: string, senderId: string, receiverId: string, at = new Date()) {
    await db.insert(messages).values({
      conversationId,
      senderId,
      receiverId,
      content: 'Yes, I have mornings free. When would you like to talk?',
      createdAt: at,
    });
  }

  return {
    person,
    customer: (subscription: Subscription = 'none') => person('customer', subscription),
    admin: () => person('admin'),

    /** A carer account with a listed profile. */
    async carer(): Promise<CarerPerson> {
      const account = await person('carer');
      const [profile] = await db
        .insert(carerProfiles)
        .values({
          userId: account.user.id,
          firstName: account.user.firstName ?? 'Carla',
          lastName: account.user.lastName ?? 'Tester',
          specialization: 'Elderly Care',
          experience: '3-5 years',
          location: 'Leeds, West Yorkshire',
          hourlyRateMin: '18.00',
          hourlyRateMax: '24.00',
          description:
            'I help older people stay well at home with personal care, meals and company, and I keep families informed.',
          qualifications: ['Manual Handling'],
          availability: ['Weekdays'],
          // Listed: its checks approved (carer-listing.ts).
          isVerified: true,
        })
        .returning({ id: carerProfiles.id });
      if (!profile) throw new Error('carer profile insert returned no row');
      return { ...account, profile: { id: profile.id, userId: account.user.id } };
    },

    /** A conversation the customer started; with `carerReplied` the carer has answered in it. */
    async conversation(
      customerId: string,
      carer: { id: string; userId: string },
      { carerReplied, at = new Date() }: { carerReplied: boolean; at?: Date },
    ): Promise<string> {
      const [conversation] = await db
        .insert(conversations)
        .values({ customerId, carerId: carer.id, createdAt: at, lastMessageAt: at })
        .returning({ id: conversations.id });
      if (!conversation) throw new Error('conversation insert returned no row');
      await db.insert(messages).values({
        conversationId: conversation.id,
        senderId: customerId,
        receiverId: carer.userId,
        content: 'Hello, could you help my dad on weekday mornings?',
        createdAt: at,
      });
      if (carerReplied)
        await reply(conversation.id, carer.userId, customerId, new Date(at.getTime() + 60_000));
      return conversation.id;
    },

    reply,
  };
}
