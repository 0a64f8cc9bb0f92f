import { useQuery } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { endpoints } from '@contracts/endpoints';
import { api, errorMessage } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { formatLongDateGB } from '@web/lib/format';
import { useTokenFromAddress } from '@web/lib/use-address-token';
import { usePageTitle } from '@web/lib/use-page-title';

/**
 * The renewal reminder's link (/cancel-plan?token=…), signed in or not. Opening it only shows the
 * plan and a button (mail scanners and prefetching change nothing); the button cancels it.
 */
export function CancelPlanLinkPage() {
  const token = useTokenFromAddress();
  const details = useQuery({
    ...endpointQuery(endpoints.subscriptions.getCancelLink, { query: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const cancel = useMutation({
    mutationFn: async () => {
      return api(endpoints.subscriptions.postCancelLink, { body: { token } });
    },
  });
  const shown = cancel.data ?? details.data;
  usePageTitle(shown?.state === 'cancelled' ? 'Plan cancelled' : 'Cancel your plan');

  if (token !== '' && details.isPending) return <PageSpinner label="Checking your link" />;

  const invalid = token === '' || details.isError;
  const until = shown?.paidUntil ? formatLongDateGB(shown.paidUntil) : null;
  const keeps = shown?.plan === 'carer_membership' ? 'Your profile stays listed' : 'You keep access';

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>
              {invalid
                ? 'Link expired'
                : shown?.state === 'cancelled'
                  ? `${shown.planLabel} cancelled`
                  : `Cancel your ${shown?.planLabel}?`}
            </h1>
          </CardTitle>
          <CardDescription>No need to sign in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div role="status" aria-atomic="true" className="grid gap-2">
            {invalid ? (
              <p>{errorMessage(details.error, SUBSCRIPTION_MESSAGES.cancelLinkInvalid)}</p>
            ) : shown?.state === 'cancelled' ? (
              <p>{`It will not renew and nothing more will be taken. ${keeps} until ${until}. We have emailed you to confirm.`}</p>
            ) : (
              <p>{`It renews on ${until}. If you cancel, it will not renew and nothing more will be taken. ${keeps} until then.`}</p>
            )}
          </div>
          <div role="alert" aria-atomic="true">
            {cancel.isError ? (
              <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
                {errorMessage(cancel.error, SUBSCRIPTION_MESSAGES.cancelFailed)}
              </p>
            ) : null}
          </div>
          {!invalid && shown?.state === 'renewing' ? (
            <Button
              size="lg"
              variant="destructive"
              aria-disabled={cancel.isPending || undefined}
              onClick={() => (cancel.isPending ? undefined : cancel.mutate())}
            >
              {cancel.isPending ? (
                <>
                  <Spinner />
                  Processing...
                </>
              ) : (
                'Cancel subscription'
              )}
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to={paths.settings}>Go to Settings</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
