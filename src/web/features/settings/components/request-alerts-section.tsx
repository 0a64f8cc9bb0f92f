import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';

import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointQuery } from '@web/lib/query-keys';
import { FormAlert, SettingsSection } from './settings-section';

const SAVE_FAILED = 'Your choice could not be saved. Please try again.';

/**
 * Carers with a profile: whether they are emailed about new care requests near them that fit
 * their care type and week (at most one email a day).
 */
export function RequestAlertsSection() {
  const queryClient = useQueryClient();
  const alerts = endpointQuery(endpoints.careRequests.getSettingsRequestAlerts);
  const query = useQuery({ ...alerts, retry: false });
  const save = useMutation({
    mutationFn: async (on: boolean) =>
      await api(endpoints.careRequests.putSettingsRequestAlerts, { body: { on } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alerts.queryKey, saved);
      toast({
        title: 'Email Preference Saved',
        description: saved.on
          ? 'We will email you about new care requests near you, at most once a day.'
          : 'We will no longer email you about new care requests.',
      });
    },
  });
  // No profile yet (404): nothing to choose until there is one.
  if (query.isError) return null;
  return (
    <SettingsSection
      id="request-alerts"
      title="Care request emails"
      description="When families near you post care requests that fit your care type and the days you are free, we can email you, at most once a day."
    >
      {query.data === undefined ? (
        <div aria-hidden="true" className="grid gap-3">
          <Skeleton className="h-5 w-64" />
        </div>
      ) : (
        <div className="grid gap-3">
          <FormAlert message={save.isError ? SAVE_FAILED : null} />
          <label className="flex items-start gap-3 text-sm" htmlFor="settings-request-alerts">
            <Checkbox
              id="settings-request-alerts"
              className="mt-0.5"
              checked={query.data.on}
              disabled={save.isPending}
              onChange={(event) => save.mutate(event.target.checked)}
            />
            <span>Email me about new care requests near me</span>
          </label>
        </div>
      )}
    </SettingsSection>
  );
}
