import { useNavigate } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useFinishDemoOnboarding } from '../api/care-payments';

/**
 * Demo mode's stand-in for Stripe's hosted onboarding (decision 0039): no details are asked, and
 * finishing makes the carer's demo account ready to take card payments.
 */
export function DemoOnboardingPage() {
  usePageTitle('Set up card payments (demo)');
  const navigate = useNavigate();
  const finish = useFinishDemoOnboarding();
  const failure = finish.error instanceof ApiError ? finish.error.serverMessage : null;
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">Set up card payments (demo)</h1>
      <p>
        With real payments, this is Stripe's page: it asks who you are and which bank account to pay into, and
        checks them. In demo mode nothing is asked and no real account is made.
      </p>
      <div>
        <Button
          onClick={() => finish.mutate(undefined, { onSuccess: () => void navigate(paths.carerDashboard) })}
          disabled={finish.isPending}
        >
          {finish.isPending ? 'Finishing...' : 'Finish setup'}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="font-medium text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
