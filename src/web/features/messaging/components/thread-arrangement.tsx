import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import type { ConversationThread } from '@contracts/messaging';
import { paths } from '@contracts/paths';
import {
  ArrangementCard,
  ArrangementFormDialog,
  isOpenArrangement,
  arrangementsQueryKey,
  requestAnsweredIn,
  useArrangements,
  visitsQueryKey,
} from '@web/features/arrangements';
import { useMyCareRequests } from '@web/features/care-requests';
import { subscriptionDisplayState } from '@web/features/subscriptions';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

/**
 * In a conversation: the care arrangement between the two (the one going on, else the
 * latest), with the steps the viewer may take; and for a family with a plan and nothing going on,
 * "Propose care arrangement" (without a plan, the way to get one).
 */
export function ThreadArrangement({ thread }: { thread: ConversationThread }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const arrangements = useArrangements();
  const isFamily = thread.partner.role === 'carer' && user?.userType === 'customer';
  const hasPlan = user ? subscriptionDisplayState(user) === 'Active' : false;
  // The family's own requests say which one this carer answered here (the answers' conversations
  // are theirs with a plan, as proposing is).
  const requests = useMyCareRequests(isFamily && hasPlan);
  const proposeButton = useRef<HTMLButtonElement>(null);
  const lastId = thread.messages.at(-1)?.id;
  // Each step is also a message: a new one (the other side answered) may have changed the card.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: arrangementsQueryKey });
    void queryClient.invalidateQueries({ queryKey: visitsQueryKey });
  }, [lastId, queryClient]);

  if (!arrangements.data) return null;
  const mine = arrangements.data.items
    .filter((item) => item.conversationId === thread.id)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const shown = mine.find(isOpenArrangement) ?? mine[0];
  const canPropose = isFamily && hasPlan && thread.replyBlockedBy === null && !mine.some(isOpenArrangement);
  const focusCard = () =>
    document.querySelector<HTMLElement>('[data-testid="arrangement-card"] h3') ?? proposeButton.current;

  // A family without a plan is told how to arrange care here, rather than shown nothing.
  const needsPlan =
    isFamily && !hasPlan && thread.replyBlockedBy !== 'blocked' && !mine.some(isOpenArrangement);

  if (!shown && !canPropose && !needsPlan) return null;

  return (
    <div className="grid gap-3 border-b border-border py-4">
      {shown ? <ArrangementCard arrangement={shown} withPrintLink /> : null}
      {needsPlan ? (
        <p className="text-sm text-muted-foreground" data-testid="arrangement-needs-plan">
          With a plan you can propose a care arrangement here: the days, times and rate you agree with{' '}
          {thread.partner.name}, in writing.{' '}
          <Link to={paths.subscribe} className="font-medium text-primary underline-offset-4 hover:underline">
            See plans
          </Link>
        </p>
      ) : null}
      {canPropose ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {shown
              ? `Agree new days, times or a rate with ${thread.partner.name}.`
              : `Agreed on care with ${thread.partner.name}? Put the days, times and rate in writing. `}
            {shown ? null : (
              <Link to={paths.myCare} className="font-medium text-primary underline-offset-4 hover:underline">
                {`See ${CARE_ARRANGEMENTS_NAME.toLowerCase()}`}
              </Link>
            )}
          </p>
          <ArrangementFormDialog
            mode="new"
            conversationId={thread.id}
            careRequest={requestAnsweredIn(requests.data?.items ?? [], thread.id)}
            partnerName={thread.partner.name}
            focusAfter={focusCard}
            trigger={
              <Button ref={proposeButton} size="sm" className="w-fit shrink-0">
                <CalendarPlus aria-hidden="true" />
                Propose care arrangement
              </Button>
            }
          />
        </div>
      ) : null}
    </div>
  );
}
