import { endpoints } from '@contracts/endpoints';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Ban, Flag, Lock, RotateCw } from 'lucide-react';
import { MESSAGE_MESSAGES, type ConversationThread as Thread, type ReplyBlocker } from '@contracts/messaging';
import { carerProfilePath, paths } from '@contracts/paths';
import { LinkifiedText } from '@web/components/linkified-text';
import { PartnerAvatar } from '@web/features/messaging/components/conversation-list';
import {
  conversationQueryOptions,
  formatMessageDateTime,
  formatMessageTime,
} from '@web/features/messaging/api/messaging-api';
import { ReportDialog } from '@web/features/reports';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { cn } from '@web/lib/utils';
import { useMarkRead, useSetBlocked } from '../api/thread-actions';
import { ReplyForm } from './reply-form';
import { ThreadArrangement } from './thread-arrangement';

/**
 * A carer's message the server held back: a family without a plan sees a sentence in
 * place of an answer to their care request until they subscribe.
 */
const isLocked = (message: Thread['messages'][number]) => message.locked;

function BackToInbox({ className }: { className?: string }) {
  return (
    <Link
      to={paths.messages}
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All messages
    </Link>
  );
}

function ThreadNotFound() {
  usePageTitle('Conversation not found');
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center">
      <h2 className="text-xl font-semibold">Conversation not found</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        This conversation does not exist, or you are not part of it.
      </p>
      <Button asChild variant="outline">
        <Link to={paths.messages}>Back to messages</Link>
      </Button>
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading conversation</span>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <Skeleton className="h-16 w-2/3" />
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-24" />
    </div>
  );
}

function BlockButton({ thread }: { thread: Thread }) {
  const [confirming, setConfirming] = useState(false);
  const setBlocked = useSetBlocked(thread.id);
  const name = thread.partner.name;
  const onFailure = (error: unknown) =>
    toast({
      title: 'Error',
      description: errorMessage(error, 'Failed to update the block. Please try again.'),
      variant: 'destructive',
    });

  if (thread.blockedByMe) {
    return (
      <Button
        variant="outline"
        size="sm"
        aria-disabled={setBlocked.isPending || undefined}
        onClick={() => (setBlocked.isPending ? undefined : setBlocked.mutate(false, { onError: onFailure }))}
      >
        <Ban aria-hidden="true" />
        Unblock
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant="outline" size="sm">
          <Ban aria-hidden="true" />
          Block
        </Button>
      }
      title={`Block ${name}?`}
      description={
        <p>
          Neither of you will be able to send messages in this conversation until you unblock them. You can
          still read what was written.
        </p>
      }
      confirmLabel="Block"
      keepLabel="Cancel"
      busy={setBlocked.isPending}
      onConfirm={() =>
        setBlocked.mutate(true, {
          onSuccess: () => setConfirming(false),
          onError: (error) => {
            setConfirming(false);
            onFailure(error);
          },
        })
      }
    />
  );
}

function ThreadHeader({ thread }: { thread: Thread }) {
  const { partner } = thread;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-4">
      <div className="flex min-w-0 items-center gap-3">
        <PartnerAvatar partner={partner} />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{partner.name}</h2>
          <p className="text-sm text-muted-foreground">
            {partner.role === 'carer' ? (
              thread.carerId ? (
                <Link
                  to={carerProfilePath(thread.carerId)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  View carer profile
                </Link>
              ) : (
                'Carer'
              )
            ) : (
              'Family'
            )}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <ReportDialog
          endpoint={endpoints.reports.postConversationsByIdReport}
          subjectId={thread.id}
          title="Report this conversation"
          description={`Tell our team what is wrong in your conversation with ${partner.name}. They will not be told who reported it.`}
          trigger={
            <Button variant="outline" size="sm">
              <Flag aria-hidden="true" />
              Report
            </Button>
          }
        />
        {partner.userId ? <BlockButton thread={thread} /> : null}
      </div>
    </div>
  );
}

/** The messages, oldest first, kept scrolled to the newest; new ones are announced politely. */
function MessageLog({ thread }: { thread: Thread }) {
  const logRef = useRef<HTMLDivElement>(null);
  const lastId = thread.messages.at(-1)?.id;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  return (
    // Focusable, so keyboard users can scroll it too.
    <div
      ref={logRef}
      role="log"
      aria-label={`Messages with ${thread.partner.name}`}
      tabIndex={0}
      className="max-h-[55vh] min-h-40 overflow-y-auto rounded-md py-4 pr-1"
    >
      {thread.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet.</p>
      ) : (
        <ol className="grid gap-3">
          {thread.messages.map((message) => (
            <li key={message.id} className={cn('flex', message.fromMe ? 'justify-end' : 'justify-start')}>
              <div
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2 sm:max-w-[75%]',
                  message.fromMe ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                )}
              >
                <span className="sr-only">
                  {message.fromMe ? 'You wrote: ' : `${thread.partner.name} wrote: `}
                </span>
                {isLocked(message) ? (
                  <p className="flex items-start gap-2 text-sm italic" data-testid="locked-message">
                    <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {message.content}
                  </p>
                ) : (
                  /* Plain text with its web addresses as links; pre-wrap keeps the writer's line breaks. */
                  <p className="text-sm whitespace-pre-wrap">
                    <LinkifiedText text={message.content} />
                  </p>
                )}
                <p
                  className={cn(
                    'mt-1 text-xs',
                    message.fromMe ? 'text-right text-primary-foreground' : 'text-muted-foreground',
                  )}
                >
                  <time dateTime={message.createdAt} title={formatMessageDateTime(message.createdAt)}>
                    {formatMessageTime(message.createdAt)}
                  </time>
                  {message.fromMe && message.readAt ? ' · Read' : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ReplyBlocked({
  reason,
  blockedByMe,
  locked,
}: {
  reason: ReplyBlocker;
  blockedByMe: boolean;
  /** The carer's words are held back until the family has a plan (never had one, ended, refunded). */
  locked: boolean;
}) {
  if (reason === 'subscription' && locked) {
    return (
      <Alert className="flex-col items-start" data-testid="reply-blocked">
        <p>{MESSAGE_MESSAGES.subscribeToRead}</p>
        <Button asChild size="sm">
          <Link to={paths.subscribe}>See plans</Link>
        </Button>
      </Alert>
    );
  }
  if (reason === 'subscription') {
    return (
      <Alert className="flex-col items-start" data-testid="reply-blocked">
        <p>{MESSAGE_MESSAGES.expiredCanRead}</p>
        <Button asChild size="sm">
          <Link to={paths.subscription}>Renew your subscription</Link>
        </Button>
      </Alert>
    );
  }
  if (reason === 'blocked') {
    return (
      <Alert className="flex-col items-start" data-testid="reply-blocked">
        <p>{MESSAGE_MESSAGES.blocked}</p>
        {blockedByMe ? <p>You can unblock them above.</p> : null}
      </Alert>
    );
  }
  return (
    <Alert data-testid="reply-blocked">
      <p>
        {reason === 'carerGone'
          ? MESSAGE_MESSAGES.carerGone
          : reason === 'otherPartySuspended'
            ? MESSAGE_MESSAGES.otherPartySuspended
            : MESSAGE_MESSAGES.otherPartyGone}
      </p>
    </Alert>
  );
}

function OpenThread({ thread }: { thread: Thread }) {
  usePageTitle(`Messages with ${thread.partner.name}`);
  const { mutate: markRead } = useMarkRead(thread.id);
  const lastId = thread.messages.at(-1)?.id;
  // Opening the thread reads it; so does a message arriving while it is open.
  useEffect(() => {
    if (thread.unreadCount > 0) markRead();
  }, [thread.unreadCount, lastId, markRead]);

  return (
    // One column no wider than the card, whatever the names and words in it.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <ThreadHeader thread={thread} />
      <ThreadArrangement thread={thread} />
      <MessageLog thread={thread} />
      <div className="border-t border-border pt-4">
        {thread.replyBlockedBy ? (
          <ReplyBlocked
            reason={thread.replyBlockedBy}
            blockedByMe={thread.blockedByMe}
            locked={thread.messages.some(isLocked)}
          />
        ) : (
          <ReplyForm conversationId={thread.id} />
        )}
      </div>
    </div>
  );
}

/** /messages/:id: one conversation, with the back link phones need. */
export function ConversationThreadView({ conversationId }: { conversationId: string }) {
  const thread = useQuery(conversationQueryOptions(conversationId));

  let body;
  if (thread.isPending) body = <ThreadSkeleton />;
  else if (thread.isError && thread.error instanceof ApiError && thread.error.status === 404)
    body = <ThreadNotFound />;
  else if (thread.isError)
    body = (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(thread.error, 'We could not load this conversation. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  else body = <OpenThread thread={thread.data} />;

  return (
    <div className="grid gap-4">
      <BackToInbox className="lg:hidden" />
      {body}
    </div>
  );
}
