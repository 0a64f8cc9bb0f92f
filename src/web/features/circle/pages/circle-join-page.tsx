import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@contracts/auth';
import {
  CIRCLE_MESSAGES,
  CIRCLE_ROLE_DESCRIPTIONS,
  CIRCLE_ROLE_LABELS,
  type CircleInvitationPreview,
} from '@contracts/circle';
import { paths, signInPath, withReturnTo } from '@contracts/paths';
import { ResendConfirmationButton } from '@web/components/email-confirmation';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { formatLongDateGB } from '@web/lib/format';
import { useTokenFromAddress } from '@web/lib/use-address-token';
import { usePageTitle } from '@web/lib/use-page-title';
import { rememberReturnAfterEmailProof } from '@web/lib/return-after-email-proof';
import { useAcceptInvitation, useInvitationPreview } from '../api/circle-api';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  readPendingInvitation,
} from '../components/pending-invitation';

const ACCEPT_FAILED = 'The invitation could not be accepted. Please try again.';
const linkClass = 'font-medium text-primary underline underline-offset-4';
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function JoinCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
      </Card>
    </div>
  );
}

/**
 * Signed out: sign in with the invited address, or register with it first (decision 0036); both
 * come back to this page, which kept the invitation in this browser.
 */
function SignedOutPaths({ email }: { email: string }) {
  return (
    <div className="grid gap-5">
      <section aria-labelledby="circle-join-have-account" className="grid gap-2">
        <h2 id="circle-join-have-account" className="font-semibold">
          You have a family account with this address
        </h2>
        <p className="text-sm">
          Sign in with <span className="font-medium wrap-anywhere">{email}</span>: you come back here to
          accept.
        </p>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          {/* Full-page, as every sign-in is (product §2, Routes). */}
          <a href={signInPath(paths.circleJoin)}>Sign in</a>
        </Button>
      </section>
      <section aria-labelledby="circle-join-new" className="grid gap-2">
        <h2 id="circle-join-new" className="font-semibold">
          You are new to CareMatch
        </h2>
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          <li>
            Create an account with <span className="font-medium wrap-anywhere">{email}</span>, choosing
            “Looking for care”.
          </li>
          <li>Open the link we email you to confirm your address.</li>
          <li>Choose Continue there: you come back here to accept.</li>
        </ol>
        <Button asChild className="w-full sm:w-fit">
          <Link to={withReturnTo(paths.register, paths.circleJoin)}>Create an account</Link>
        </Button>
      </section>
    </div>
  );
}

/** Why this account cannot accept (answered before asking the server), or null when it can. */
function refusalFor(user: CurrentUser, preview: CircleInvitationPreview): ReactNode {
  if (user.role !== 'customer') return <p>{CIRCLE_MESSAGES.onlyFamiliesJoin}</p>;
  if (!sameEmail(user.email, preview.email)) {
    return (
      <>
        <p>
          You are signed in as <span className="font-medium wrap-anywhere">{user.email}</span>.
        </p>
        <p>{CIRCLE_MESSAGES.wrongAccount(preview.email)}</p>
      </>
    );
  }
  if (!user.emailVerified) {
    return (
      <>
        <p>
          Confirm your email address first, with the link we emailed you; Continue there brings you back here.
        </p>
        <ResendConfirmationButton />
      </>
    );
  }
  return null;
}

/**
 * /family-circle/join?token=…: the invitation link (decision 0036). The secret leaves the address
 * bar at once and is sent only in request bodies; opening the page changes nothing, the button
 * accepts. Only a family account at the invited, confirmed address can accept. Until it can, the
 * secret is kept in this browser, so signing in or registering comes back here (without ?token).
 */
export function CircleJoinPage() {
  const fromAddress = useTokenFromAddress();
  const [token] = useState(() => fromAddress || readPendingInvitation());
  const { user } = useAuth();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const joined = accept.data;
  usePageTitle(joined ? 'You joined the family circle' : 'Family circle invitation');

  useEffect(() => {
    if (joined) outcomeRef.current?.focus();
  }, [joined]);

  const expiresAt = preview.data?.expiresAt;
  const mustProveEmail = !!user && !user.emailVerified;
  // The server's refusal (used, expired, taken back) ends the invitation; a failed connection or
  // a rate limit does not.
  const refused =
    preview.error instanceof ApiError && preview.error.status < 500 && preview.error.status !== 429;
  useEffect(() => {
    if (joined || refused) forgetPendingInvitation();
    else if (expiresAt && (!user || mustProveEmail)) {
      keepPendingInvitation(token, expiresAt);
      // The confirmation email's link opens in a new tab: its Continue comes back here.
      if (mustProveEmail) rememberReturnAfterEmailProof(paths.circleJoin);
    }
  }, [joined, refused, expiresAt, user, mustProveEmail, token]);

  if (token !== '' && preview.isPending) return <PageSpinner label="Checking your invitation" />;

  if (token === '' || preview.isError) {
    return (
      <JoinCard title="Link expired" description="Invitation links work once, for 7 days.">
        <p role="status">{errorMessage(preview.error, CIRCLE_MESSAGES.invitationInvalid)}</p>
      </JoinCard>
    );
  }

  const invitation = preview.data!;
  const whose = `${invitation.holderName}’s family circle`;

  if (joined) {
    return (
      <JoinCard title="You joined the family circle" description={whose}>
        <p ref={outcomeRef} tabIndex={-1} role="status" className="focus:outline-none">
          {`You are now in ${joined.holderName}’s family circle: you ${CIRCLE_ROLE_DESCRIPTIONS[joined.role]}.`}
        </p>
        <Button asChild size="lg">
          <Link to={paths.myCare}>See their care</Link>
        </Button>
        <p className="text-sm text-muted-foreground">
          You can leave the circle at any time in{' '}
          <Link to={paths.settings} className={linkClass}>
            Settings
          </Link>
          .
        </p>
      </JoinCard>
    );
  }

  const refusal = user ? refusalFor(user, invitation) : null;
  return (
    <JoinCard title={`Join ${whose}`} description={`This invitation was sent to ${invitation.email}.`}>
      <p>
        {`${invitation.holderName} invited you as “${CIRCLE_ROLE_LABELS[invitation.role]}”: you would ${CIRCLE_ROLE_DESCRIPTIONS[invitation.role]}. The link works until ${formatLongDateGB(invitation.expiresAt)}.`}
      </p>
      <p className="text-sm text-muted-foreground">
        Their messages, plan and settings stay theirs. You can leave the circle at any time.
      </p>
      <div role="alert" aria-atomic="true">
        {accept.isError ? (
          <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
            {errorMessage(accept.error, ACCEPT_FAILED)}
          </p>
        ) : null}
      </div>
      {!user ? (
        <SignedOutPaths email={invitation.email} />
      ) : refusal ? (
        <div className="grid gap-3 rounded-md border border-border bg-muted p-4 text-sm">{refusal}</div>
      ) : (
        <Button
          size="lg"
          aria-disabled={accept.isPending || undefined}
          onClick={() => (accept.isPending ? undefined : accept.mutate(token))}
        >
          {accept.isPending ? (
            <>
              <Spinner />
              Joining...
            </>
          ) : (
            'Accept invitation'
          )}
        </Button>
      )}
    </JoinCard>
  );
}
