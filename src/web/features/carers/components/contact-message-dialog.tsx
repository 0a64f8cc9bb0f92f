import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { carerDisplayName } from '@contracts/carers-search-text';
import type { CarerSummary } from '@contracts/carers';
import { MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES, MessageContent } from '@contracts/messaging';
import { paths } from '@contracts/paths';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { CharacterCount } from '@web/components/ui/character-count';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { useSendMessage } from '@web/features/messaging';

/** Product §4 message dialog: closed → open (subscribers only) → sent (text cleared, closed). */
export function ContactMessageDialog({
  carer,
  receiverId,
  trigger,
  initiallyOpen = false,
}: {
  carer: CarerSummary;
  receiverId: string;
  trigger: ReactNode;
  /** Open at once: the button was pressed while this dialog's code was still loading. */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [message, setMessage] = useState('');
  const [tooLong, setTooLong] = useState<string | null>(null);
  const send = useSendMessage();
  const messageId = useId();
  const name = carerDisplayName(carer);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const content = message.trim();
    if (!content) {
      toast({
        title: 'Message Required',
        description: 'Please enter a message before sending.',
        variant: 'destructive',
      });
      return;
    }
    // Too long: said beside the box (its counter) and here; the text stays for the person to cut.
    const checked = MessageContent.safeParse(content);
    if (!checked.success) {
      setTooLong(checked.error.issues[0]?.message ?? MESSAGE_MESSAGES.tooLong);
      return;
    }
    setTooLong(null);
    send.mutate(
      { receiverId, carerId: carer.id, content },
      {
        onSuccess: () => {
          toast({ title: 'Message Sent', description: 'Your message has been sent successfully.' });
          setMessage('');
          setOpen(false);
        },
        onError: (error) => {
          const details = error instanceof ApiError ? error : null;
          const status = details?.status;
          if (status === 401) {
            toast({
              title: 'Login Required',
              description: 'Please log in to contact carers.',
              variant: 'destructive',
            });
            window.location.href = paths.apiLogin;
            return;
          }
          // Other refusals (a carer's or admin's account, say) fall through to the server's message.
          if (
            status === 403 &&
            (!details?.serverMessage || details.serverMessage === MESSAGE_MESSAGES.subscriptionRequired)
          ) {
            toast({
              title: 'Subscription Required',
              description: 'Please subscribe to contact carers.',
              variant: 'destructive',
            });
            return;
          }
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to send message.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`Send Message to ${name}`}
      description="Introduce yourself and describe the care you are looking for."
    >
      <form onSubmit={handleSubmit} className="mt-4 grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor={messageId}>Message</Label>
          <p id={`${messageId}-hint`} className="text-sm text-muted-foreground">
            {`Up to ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`}
          </p>
          <Textarea
            id={messageId}
            name="message"
            rows={6}
            aria-describedby={[`${messageId}-hint`, `${messageId}-count`, tooLong ? `${messageId}-error` : '']
              .filter(Boolean)
              .join(' ')}
            aria-invalid={tooLong ? true : undefined}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <CharacterCount id={`${messageId}-count`} text={message} max={MESSAGE_MAX_LENGTH} />
          {tooLong ? (
            <p id={`${messageId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {tooLong}
            </p>
          ) : null}
        </div>
        <DialogButtons submitLabel="Send Message" pendingLabel="Sending..." pending={send.isPending} />
      </form>
    </FormDialog>
  );
}
