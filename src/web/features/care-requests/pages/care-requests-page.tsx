import { useState } from 'react';
import { Link } from 'react-router';
import { ClipboardList, RotateCw } from 'lucide-react';
import { CARE_REQUEST_MESSAGES } from '@contracts/care-requests';
import { paths } from '@contracts/paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { useMyCareRequests, usePostCareRequest } from '../api/care-requests';
import { CareRequestForm, EMPTY_CARE_REQUEST } from '../components/care-request-form';
import { focusRequestHeading, OwnCareRequestCard } from '../components/own-care-request-card';

function PostCareRequest() {
  const post = usePostCareRequest();
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="post-care-request-heading"
      id="post-care-request"
      className="min-w-0 scroll-mt-24"
    >
      <Card>
        <CardHeader>
          <CardTitle asChild className="text-xl">
            <h2 id="post-care-request-heading">Post a care request</h2>
          </CardTitle>
          <CardDescription>
            Posting is free. Carers near you whose care and week match can answer; you choose whether to
            reply. Carers never see your name, address or full postcode.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CareRequestForm
            idPrefix="new"
            defaultValues={EMPTY_CARE_REQUEST}
            submitLabel="Post care request"
            pendingLabel="Posting..."
            busy={post.isPending}
            onSave={async (input) => {
              const saved = await post.mutateAsync(input);
              toast({
                title: CARE_REQUEST_MESSAGES.postedTitle,
                description: CARE_REQUEST_MESSAGES.postedBody,
              });
              // The form empties; the keyboard goes to the new request in the list.
              focusRequestHeading(saved.id);
            }}
            alert={alert}
            onAlert={setAlert}
          />
        </CardContent>
      </Card>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading your care requests</span>
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
    </div>
  );
}

function MyCareRequests() {
  const requests = useMyCareRequests();
  let body;
  if (requests.isPending) body = <ListSkeleton />;
  else if (requests.isError)
    body = (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(requests.error, 'We could not load your care requests. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void requests.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  else if (requests.data.items.length === 0)
    body = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-10 text-center">
        <ClipboardList aria-hidden="true" className="size-8 text-primary" />
        <p className="font-medium">No care requests yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Post what you need and carers near you can answer, instead of you telling your story to each of
          them.
        </p>
      </div>
    );
  else
    body = (
      <ul className="grid gap-4">
        {requests.data.items.map((request) => (
          <OwnCareRequestCard key={request.id} request={request} />
        ))}
      </ul>
    );
  return (
    <section
      aria-labelledby="my-care-requests-heading"
      id="my-care-requests"
      className="grid min-w-0 content-start gap-4"
    >
      <h2 id="my-care-requests-heading" className="text-xl font-semibold">
        Your care requests
      </h2>
      {body}
    </section>
  );
}

/** /care-requests: a family posts what care they need and sees who answered. */
export function CareRequestsPage() {
  usePageTitle('Care Requests');
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Care Requests</h1>
      {user.role === 'customer' ? (
        <>
          <p className="mt-3 max-w-3xl text-lg text-muted-foreground">
            Say once what care is needed, where and when, and let carers near you answer. You and the carer
            agree the care between you; you pay the carer directly.
          </p>
          <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <PostCareRequest />
            <MyCareRequests />
          </div>
        </>
      ) : (
        <Alert className="mt-6 flex-col items-start">
          <p>{CARE_REQUEST_MESSAGES.onlyCustomers}</p>
          {user.role === 'carer' ? (
            <>
              <p>Carers see the requests near them in the Requests tab of their dashboard.</p>
              <Button asChild size="sm">
                <Link to={paths.carerDashboard}>Go to your dashboard</Link>
              </Button>
            </>
          ) : null}
        </Alert>
      )}
    </div>
  );
}
