import { useRef, useState } from 'react';
import { CalendarPlus, Copy, RefreshCw, RotateCw } from 'lucide-react';
import { useCalendarFeed, useSetCalendarFeed } from '@web/features/arrangements';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { SettingsSection } from './settings-section';

const PRIVATE_NOTE =
  'Anyone who has this address can see your visits: the days, times and the other person’s first name. Keep it private; if it gets out, make a new address and the old one stops working.';

/** The address, shown once, with a copy button. */
function FeedAddress({ url }: { url: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({
        title: 'Address Copied',
        description: 'Paste it into your calendar app as a new calendar from a URL.',
      });
    } catch {
      inputRef.current?.select();
      toast({ title: 'Copy the address', description: 'It is selected: press Ctrl+C or Cmd+C to copy it.' });
    }
  };
  return (
    <div className="grid gap-2" data-testid="calendar-feed-address">
      <Label htmlFor="calendar-feed-url">Your calendar address</Label>
      <p id="calendar-feed-url-hint" className="text-sm text-muted-foreground">
        Shown only now: copy it into Google Calendar (From URL), Apple Calendar (New Calendar Subscription) or
        Outlook (Subscribe from web).
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id="calendar-feed-url"
          readOnly
          value={url}
          aria-describedby="calendar-feed-url-hint calendar-feed-private"
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 font-mono text-sm"
        />
        <Button type="button" variant="outline" className="shrink-0" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy address
        </Button>
      </div>
    </div>
  );
}

/**
 * A private iCalendar address with the visits, for Google, Apple or Outlook calendars.
 * Turned on, it shows the address once; a new address replaces the old one; off, none works.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const setFeed = useSetCalendarFeed();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [pending, setPending] = useState<'on' | 'new' | 'off' | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const change = (next: 'on' | 'new' | 'off') => {
    if (setFeed.isPending) return;
    setPending(next);
    setFeed.mutate(next !== 'off', {
      onSuccess: (answer) => {
        setShownUrl(answer.url);
        setConfirmingOff(false);
        toast({
          title:
            next === 'off' ? 'Calendar Feed Off' : next === 'new' ? 'New Address Made' : 'Calendar Feed On',
          description:
            next === 'off'
              ? 'The address no longer works.'
              : next === 'new'
                ? 'The old address no longer works: use the new one.'
                : 'Copy the address into your calendar app.',
        });
        requestAnimationFrame(() =>
          next === 'off' ? statusRef.current?.focus() : document.getElementById('calendar-feed-url')?.focus(),
        );
      },
      onError: (error) => {
        setConfirmingOff(false);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'The calendar feed could not be changed. Please try again.'),
        });
      },
      onSettled: () => setPending(null),
    });
  };

  let body;
  if (feed.isPending) body = <Skeleton className="h-10 w-48" />;
  else if (feed.isError)
    body = (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(feed.error, 'We could not load your calendar feed. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  else if (!feed.data.active)
    body = (
      <>
        <p ref={statusRef} tabIndex={-1} className="text-sm focus:outline-none">
          Your calendar feed is off.
        </p>
        <Button
          type="button"
          className="w-full sm:w-fit"
          aria-disabled={setFeed.isPending || undefined}
          onClick={() => change('on')}
        >
          {pending === 'on' ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
          Turn on calendar feed
        </Button>
      </>
    );
  else
    body = (
      <>
        <p ref={statusRef} tabIndex={-1} className="text-sm focus:outline-none">
          Your calendar feed is on.
          {shownUrl
            ? null
            : ' The address was shown when you turned it on; make a new address if you need it again.'}
        </p>
        {shownUrl ? <FeedAddress url={shownUrl} /> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            type="button"
            variant="outline"
            aria-disabled={setFeed.isPending || undefined}
            onClick={() => change('new')}
          >
            {pending === 'new' ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Make a new address
          </Button>
          <ConfirmDialog
            open={confirmingOff}
            onOpenChange={setConfirmingOff}
            trigger={
              <Button type="button" variant="outline">
                Turn off calendar feed
              </Button>
            }
            title="Turn off your calendar feed?"
            description={<p>The address stops working, and calendars using it stop showing your visits.</p>}
            confirmLabel="Turn off"
            keepLabel="Keep it on"
            busy={pending === 'off'}
            onConfirm={() => change('off')}
            onCloseAutoFocus={(event) => {
              if (!feed.data?.active) {
                event.preventDefault();
                statusRef.current?.focus();
              }
            }}
          />
        </div>
      </>
    );

  return (
    <SettingsSection
      id="calendar-feed"
      title="Calendar feed"
      description="Your visits in your own calendar app, kept up to date."
    >
      <p id="calendar-feed-private" className="text-sm">
        {PRIVATE_NOTE}
      </p>
      {body}
    </SettingsSection>
  );
}
