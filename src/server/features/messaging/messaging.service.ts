import { MESSAGE_MESSAGES, type SendMessageInput, type SentMessage } from '@contracts/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { CarersService } from '../carers/carers.service';
import { createMessagingRepository } from './messaging.repository';

/** Active means status 'active' and an expiry that has not passed (SPEC section 4, DESIGN point 3). */
export function hasActiveSubscription(user: UserRow, now: Date): boolean {
  return (
    user.subscriptionStatus === 'active' && (!user.subscriptionExpiresAt || user.subscriptionExpiresAt > now)
  );
}

export function createMessagingService(
  db: Database,
  carers: CarersService,
  now: () => Date = () => new Date(),
) {
  return {
    /**
     * A subscribed customer writes to a listed carer: the message joins (or starts) their one
     * conversation, in one transaction.
     */
    async send(sender: UserRow, input: SendMessageInput): Promise<SentMessage> {
      if (sender.role !== 'customer') throw AppError.forbidden(MESSAGE_MESSAGES.onlyCustomers);
      const at = now();
      if (!hasActiveSubscription(sender, at)) throw AppError.forbidden(MESSAGE_MESSAGES.subscriptionRequired);
      const carer = await carers.get(input.carerId, null);
      if (!carer.userId) throw AppError.badRequest(MESSAGE_MESSAGES.carerUnreachable);
      if (carer.userId !== input.receiverId) {
        throw AppError.badRequest(MESSAGE_MESSAGES.receiverMismatch, {
          receiverId: MESSAGE_MESSAGES.receiverMismatch,
        });
      }
      const receiverId = carer.userId;
      const message = await db.transaction(async (tx) => {
        const repository = createMessagingRepository(tx);
        const conversationId = await repository.touchConversation(sender.id, carer.id, at);
        return repository.insertMessage({
          conversationId,
          senderId: sender.id,
          receiverId,
          content: input.content,
          createdAt: at,
        });
      });
      return {
        id: message.id,
        conversationId: message.conversationId,
        senderId: sender.id,
        receiverId,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
      };
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
