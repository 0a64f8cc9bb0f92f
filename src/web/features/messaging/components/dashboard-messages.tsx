import { Link } from 'react-router';
import { MessageSquare, RotateCw } from 'lucide-react';
import { paths } from '@contracts/paths';
import {
  ConversationList,
  ConversationListSkeleton,
} from '@web/features/messaging/components/conversation-list';
import { useConversations } from '@web/features/messaging/api/messaging-api';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { DashboardEmptyState } from '@web/components/dashboard-empty-state';

/** The Messages tab: the carer's conversations (the first brief's 'No Messages Yet' while there are none). */
export function DashboardMessages() {
  const conversations = useConversations();

  if (conversations.isPending) return <ConversationListSkeleton rows={3} />;

  if (conversations.isError) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
        <p className="flex-1">
          {errorMessage(conversations.error, 'We could not load your messages. Please try again.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }

  const list = conversations.data.conversations;
  if (list.length === 0) {
    return (
      <DashboardEmptyState icon={MessageSquare} title="No Messages Yet">
        <p>When families contact you, their messages will appear here.</p>
      </DashboardEmptyState>
    );
  }

  return (
    <section aria-labelledby="dashboard-messages-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-messages-heading" className="text-lg font-semibold">
          Messages from families ({list.length})
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.messages}>Open inbox</Link>
        </Button>
      </div>
      <div className="rounded-lg border border-border bg-card p-2 shadow-sm">
        <ConversationList conversations={list} />
      </div>
    </section>
  );
}
