import { Link } from 'react-router';
import type { ConversationPartner, ConversationSummary } from '@contracts/messaging';
import { conversationPath } from '@contracts/paths';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { formatMessageDateTime, formatMessageTime, nameInitials, unreadLabel } from '../api/messaging-api';

/** Decorative: the row or heading beside it carries the name. */
export function PartnerAvatar({ partner, className }: { partner: ConversationPartner; className?: string }) {
  return (
    <Avatar className={cn('size-10', className)}>
      {partner.photoUrl ? <AvatarImage src={partner.photoUrl} alt="" /> : null}
      <AvatarFallback aria-hidden="true">{nameInitials(partner.name)}</AvatarFallback>
    </Avatar>
  );
}

/** A row's preview: one line, so line breaks become spaces. */
function preview(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.content.replace(/\s+/g, ' ').trim();
  return last.fromMe ? `You: ${text}` : text;
}

function ConversationRow({ conversation, active }: { conversation: ConversationSummary; active: boolean }) {
  const unread = conversation.unreadCount;
  return (
    <Link
      to={conversationPath(conversation.id)}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-3 hover:bg-muted',
        active && 'bg-secondary hover:bg-secondary',
      )}
    >
      <PartnerAvatar partner={conversation.partner} />
      {/* One column that may shrink below the preview's length (its text is cut with an ellipsis). */}
      <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unread > 0 ? 'font-semibold' : 'font-medium')}>
            {conversation.partner.name}
          </span>
          <time
            dateTime={conversation.lastMessageAt}
            title={formatMessageDateTime(conversation.lastMessageAt)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {formatMessageTime(conversation.lastMessageAt)}
          </time>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn(
              'truncate text-sm',
              unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            {preview(conversation)}
          </span>
          {unread > 0 ? (
            <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{`, ${unreadLabel(unread)}`}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

/** The inbox: one row per conversation, most recent first, each opening its thread. */
export function ConversationList({
  conversations,
  activeId,
  className,
}: {
  conversations: ConversationSummary[];
  activeId?: string;
  className?: string;
}) {
  return (
    <ul aria-label="Conversations" className={cn('space-y-1', className)}>
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} active={conversation.id === activeId} />
        </li>
      ))}
    </ul>
  );
}

export function ConversationListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" className="grid gap-1">
      <span className="sr-only">Loading conversations</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 px-3 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
