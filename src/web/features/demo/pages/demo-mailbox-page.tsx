import { Fragment, type ReactNode } from 'react';
import type { DemoMailboxEmail } from '@contracts/demo';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { usePageTitle } from '@web/lib/use-page-title';
import { useDemoMailbox } from '../api/mailbox';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The email's text as text, with web addresses as links (nothing in it is read as HTML). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            rel="noreferrer noopener"
            className="break-all font-medium text-primary underline underline-offset-4"
          >
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

function EmailItem({ email }: { email: DemoMailboxEmail }) {
  return (
    <li className="rounded-md border border-border bg-card p-4" data-testid="demo-mailbox-email">
      <h2 className="text-base font-semibold">{email.subject}</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        To <span className="font-medium text-foreground">{email.to}</span> ·{' '}
        <time dateTime={email.createdAt}>{when(email.createdAt)}</time>
      </p>
      <p className="mt-3 text-sm whitespace-pre-wrap">
        <TextWithLinks text={email.text} />
      </p>
    </li>
  );
}

/**
 * Demo mode's mailbox, like a local Mailpit: every email the app sent, newest
 * first, so people trying the demo can open the links. Production has no such API, and this page
 * is then `notFound` (the router's 404 page).
 */
export function DemoMailboxPage({ notFound }: { notFound: ReactNode }) {
  const mailbox = useDemoMailbox();
  usePageTitle(mailbox.data === null ? 'Page not found' : 'Demo mailbox');

  if (mailbox.isPending) return <PageSpinner label="Loading the demo mailbox" />;
  if (mailbox.data === null) return notFound;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Demo mailbox</h1>
        <Button type="button" variant="outline" size="sm" onClick={() => void mailbox.refetch()}>
          Refresh
        </Button>
      </div>
      <p className="mt-2 text-muted-foreground">
        Demo mode sends no real email: every email CareMatch would send is here, newest first, so you can
        follow its links.
      </p>
      {mailbox.isError ? (
        <Alert variant="destructive" role="alert" className="mt-6">
          {mailbox.error.message}
        </Alert>
      ) : mailbox.data.emails.length === 0 ? (
        <p className="mt-6">No emails yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {mailbox.data.emails.map((email, index) => (
            <EmailItem key={`${email.createdAt}-${index}`} email={email} />
          ))}
        </ul>
      )}
    </div>
  );
}
