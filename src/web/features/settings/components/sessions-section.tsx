import { Monitor } from 'lucide-react';
import { SETTINGS_MESSAGES, type ActiveSession } from '@contracts/settings';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useEndSession, useSessions, useSignOutOthers } from '../api/settings-api';
import { formatLastSeen } from '../format';
import { SettingsSection } from './settings-section';

const SESSIONS_FAILED = 'Failed to load your signed-in devices.';
const SIGN_OUT_FAILED = 'That device could not be signed out. Please try again.';

const failed = (error: unknown, fallback: string) =>
  toast({
    variant: 'destructive',
    title: SETTINGS_MESSAGES.errorTitle,
    description: errorMessage(error, fallback),
  });

function SessionRow({ session }: { session: ActiveSession }) {
  const end = useEndSession();
  const deviceId = `session-${session.id}-device`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1">
          <p id={deviceId} className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere">
            {session.device}
            {session.current ? <Badge variant="success">{SETTINGS_MESSAGES.thisDevice}</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">Last seen {formatLastSeen(session.lastSeenAt)}</p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-fit"
          aria-describedby={deviceId}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () =>
                toast({
                  title: SETTINGS_MESSAGES.sessionEndedTitle,
                  description: SETTINGS_MESSAGES.sessionEndedBody,
                }),
              onError: (error) => failed(error, SIGN_OUT_FAILED),
            })
          }
        >
          {end.isPending ? <Spinner /> : null}
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Every live session, with "Sign out" for each other one. */
export function SessionsSection() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <SettingsSection
      id="sessions"
      title="Signed-in devices"
      description="Where your account is signed in now. Sign out any device you do not recognise."
    >
      {sessions.isPending ? (
        <div role="status" aria-label="Loading signed-in devices" className="grid gap-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="grid gap-3">
          <p className="text-sm text-destructive">{errorMessage(sessions.error, SESSIONS_FAILED)}</p>
          <Button variant="outline" className="w-full sm:w-fit" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label="Signed-in devices" className="divide-y divide-border">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 ? (
            <Button
              variant="outline"
              className="w-full sm:w-fit"
              disabled={signOutOthers.isPending}
              onClick={() =>
                signOutOthers.mutate(undefined, {
                  onSuccess: () =>
                    toast({
                      title: SETTINGS_MESSAGES.sessionEndedTitle,
                      description: SETTINGS_MESSAGES.othersEndedBody,
                    }),
                  onError: (error) => failed(error, SIGN_OUT_FAILED),
                })
              }
            >
              {signOutOthers.isPending ? <Spinner /> : null}
              Sign out everywhere else
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
          )}
        </>
      )}
    </SettingsSection>
  );
}
