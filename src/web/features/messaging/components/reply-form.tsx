import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH, MessageContent } from '@contracts/messaging';
import { Button } from '@web/components/ui/button';
import { CharacterCount } from '@web/components/ui/character-count';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useReply } from '../api/thread-actions';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';
import { useAuth } from '@web/lib/auth';

/** The reply box under a thread: 1 to 2,000 characters once trimmed, the contract's messages. */
export function ReplyForm({ conversationId }: { conversationId: string }) {
  const { user } = useAuth();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReply(conversationId);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reply.isPending) return;
    const parsed = MessageContent.safeParse(content);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    reply.mutate(
      { content: parsed.data },
      {
        onSuccess: () => setContent(''),
        onError: (failure) =>
          toast({
            title: 'Error',
            description: errorMessage(failure, 'Failed to send message.'),
            variant: 'destructive',
          }),
      },
    );
  }

  // Replies wait for a confirmed email address.
  if (needsEmailConfirmation(user)) return <EmailConfirmationNotice user={user} />;

  return (
    <form onSubmit={handleSubmit} className="grid gap-2" noValidate>
      <Label htmlFor={id}>Reply</Label>
      <p id={hintId} className="text-sm text-muted-foreground">
        {`Plain text, up to ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`}
      </p>
      <Textarea
        id={id}
        name="content"
        rows={3}
        value={content}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, countId, error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(event) => setContent(event.target.value)}
      />
      <CharacterCount id={countId} text={content} max={MESSAGE_MAX_LENGTH} />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        {/* aria-disabled, not disabled, so focus stays on the button while sending. */}
        <Button type="submit" aria-disabled={reply.isPending || undefined}>
          {reply.isPending ? (
            <>
              <Spinner />
              Sending...
            </>
          ) : (
            'Send'
          )}
        </Button>
      </div>
    </form>
  );
}
