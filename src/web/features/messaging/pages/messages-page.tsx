import { Link, useParams } from 'react-router';
import { MessageSquare, RotateCw } from 'lucide-react';
import { paths } from '@contracts/paths';
import {
  ConversationList,
  ConversationListSkeleton,
} from '@web/features/messaging/components/conversation-list';
import { useConversations } from '@web/features/messaging/api/messaging-api';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { cn } from '@web/lib/utils';
import { ConversationThreadView } from '../components/conversation-thread';

function EmptyInbox() {
  const { user } = useAuth();
  const isCustomer = user?.role === 'customer' && user.userType === 'customer';
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <MessageSquare aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">No conversations yet</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        {isCustomer
          ? 'When you contact a carer, your conversation will appear here.'
          : 'When families contact you, their messages will appear here.'}
      </p>
      {isCustomer ? (
        <Button asChild variant="outline" size="sm">
          <Link to={paths.customerDashboard}>Browse Carers</Link>
        </Button>
      ) : null}
    </div>
  );
}

function Inbox({ activeId }: { activeId?: string }) {
  const conversations = useConversations();
  if (conversations.isPending) return <ConversationListSkeleton />;
  if (conversations.isError) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(conversations.error, 'We could not load your messages. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }
  if (conversations.data.conversations.length === 0) return <EmptyInbox />;
  return <ConversationList conversations={conversations.data.conversations} activeId={activeId} />;
}

/**
 * /messages and /messages/:id. Wide screens show the inbox beside the open thread;
 * phones show one at a time, the thread with a link back.
 */
export function MessagesPage() {
  const { id } = useParams();
  usePageTitle('Messages');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className={cn('text-3xl font-bold tracking-tight', id && 'max-lg:sr-only')}>Messages</h1>
      <div className={cn('mt-6 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]', id && 'max-lg:mt-0')}>
        <Card className={cn('h-fit p-2', id && 'max-lg:hidden')}>
          <nav aria-label="Conversations">
            <Inbox activeId={id} />
          </nav>
        </Card>
        <Card className={cn('min-w-0 p-4 sm:p-6', !id && 'max-lg:hidden')}>
          {id ? (
            <ConversationThreadView key={id} conversationId={id} />
          ) : (
            <p className="py-10 text-center text-sm text-muted-foreground">
              Choose a conversation to read and reply.
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}
