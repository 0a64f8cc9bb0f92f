// The accepted arrangement between the subscribed demo family and the demo carer Grace that the
// journeys after the match start from (visit notes, the family circle, cover). Made through the
// API: the arrangement's own journey is arrangements.e2e.ts's.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { WeekDay } from '../../../src/contracts/week';
import { DEMO_ACCOUNTS } from '../../../src/server/demo-seed/seed';
import { dateIn } from './uk-dates';

export interface GraceTerms {
  /** The family's first message to Grace. */
  message: string;
  /** One weekly visit, from a week today. */
  day: WeekDay;
  start: string;
  end: string;
  hourlyRate: string;
  tasks: string;
}

export interface GraceArrangement {
  arrangementId: string;
  conversationId: string;
  /** Grace's carer profile id. */
  carerId: string;
}

/**
 * The family (`family`, signed in as the subscribed demo account) writes to Grace, proposes the
 * terms from that conversation, and Grace (`carer`, signed in as the demo carer) accepts.
 */
export async function arrangeWithGrace(
  family: Page,
  carer: Page,
  terms: GraceTerms,
): Promise<GraceArrangement> {
  const carers = await family.request.get('/api/carers?limit=50');
  const grace = (
    (await carers.json()) as { items: Array<{ id: string; userId: string; firstName: string }> }
  ).items.find((item) => item.firstName === DEMO_ACCOUNTS.carer.firstName);
  if (!grace) throw new Error('the demo carer is not in the search');
  const sent = await family.request.post('/api/messages', {
    data: { carerId: grace.id, receiverId: grace.userId, content: terms.message },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { conversationId } = (await sent.json()) as { conversationId: string };
  const proposed = await family.request.post('/api/bookings', {
    data: {
      conversationId,
      startDate: dateIn(7),
      visits: [{ day: terms.day, start: terms.start, end: terms.end }],
      hourlyRate: terms.hourlyRate,
      tasks: terms.tasks,
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const arrangementId = ((await proposed.json()) as { id: string }).id;
  const accepted = await carer.request.post(`/api/bookings/${arrangementId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { arrangementId, conversationId, carerId: grace.id };
}
