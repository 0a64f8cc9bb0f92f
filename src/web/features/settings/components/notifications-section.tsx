import { NOTIFICATION_ALWAYS_SENT, NOTIFICATION_KIND_LABELS, type NotificationKind } from '@contracts/circle';
import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useNotificationSettings, useSetNotification } from '@web/features/circle';
import { FormAlert, SettingsSection } from './settings-section';

const SAVE_FAILED = 'Your choice could not be saved. Please try again.';
const LOAD_FAILED = 'Your email choices could not be loaded.';

/** Per kind of event, whether this person is emailed about it (decision 0036). */
export function NotificationsSection() {
  const settings = useNotificationSettings();
  const save = useSetNotification();
  const change = (kind: NotificationKind, email: boolean) =>
    save.mutate(
      { kind, email },
      {
        onSuccess: () =>
          toast({
            title: 'Email Preference Saved',
            description: `${NOTIFICATION_KIND_LABELS[kind]}: ${email ? 'we will email you' : 'no more emails'}.`,
          }),
      },
    );
  return (
    <SettingsSection
      id="notifications"
      title="Email notifications"
      description="Choose what we email you about. You still see everything in CareMatch."
    >
      {settings.isPending ? (
        <div role="status" aria-label="Loading your email choices" className="grid gap-3">
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-5 w-56" />
        </div>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(settings.error, LOAD_FAILED)}
        </p>
      ) : (
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-medium">Email me about</legend>
          <FormAlert message={save.isError ? errorMessage(save.error, SAVE_FAILED) : null} />
          {settings.data.items.map((item) => (
            <label key={item.kind} className="flex items-start gap-3 text-sm" htmlFor={`notify-${item.kind}`}>
              <Checkbox
                id={`notify-${item.kind}`}
                className="mt-0.5"
                checked={item.email}
                disabled={save.isPending}
                onChange={(event) => change(item.kind, event.target.checked)}
              />
              <span>{NOTIFICATION_KIND_LABELS[item.kind]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="text-sm text-muted-foreground">{NOTIFICATION_ALWAYS_SENT}</p>
    </SettingsSection>
  );
}
