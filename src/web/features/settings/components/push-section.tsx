import {
  PUSH_KIND_LABELS,
  PUSH_KINDS_FOR_ROLE,
  PUSH_MESSAGES,
  type PushKind,
  type PushSettings,
} from '@contracts/push';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatDateGB } from '@web/lib/format';
import {
  PushSetupError,
  pushSupported,
  usePushKey,
  usePushSettings,
  useRemovePushDevice,
  useSavePushSettings,
  useTurnPushOff,
  useTurnPushOn,
} from '../api/push-api';
import { FormAlert, SettingsSection } from './settings-section';

const failure = (error: unknown, fallback: string) =>
  error instanceof PushSetupError ? error.message : errorMessage(error, fallback);

/** Push notices on this device, which kinds, and previews (decision 0044). */
export function PushSection({ role }: { role: 'customer' | 'carer' }) {
  const key = usePushKey();
  const settings = usePushSettings();
  return (
    <SettingsSection id="push" title={PUSH_MESSAGES.sectionTitle} description={PUSH_MESSAGES.sectionIntro}>
      {key.isPending || settings.isPending ? (
        <div role="status" aria-label="Loading your push choices" className="grid gap-3">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-5 w-56" />
        </div>
      ) : key.isError || settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(key.error ?? settings.error, PUSH_MESSAGES.loadFailed)}
        </p>
      ) : !key.data.enabled || !key.data.publicKey ? (
        <p className="text-sm text-muted-foreground">{PUSH_MESSAGES.disabled}</p>
      ) : (
        <PushChoices publicKey={key.data.publicKey} settings={settings.data} role={role} />
      )}
    </SettingsSection>
  );
}

function PushChoices({
  publicKey,
  settings,
  role,
}: {
  publicKey: string;
  settings: PushSettings;
  role: 'customer' | 'carer';
}) {
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const remove = useRemovePushDevice();
  const save = useSavePushSettings();
  const thisDevice = settings.devices.find((device) => device.thisDevice);
  const busy = turnOn.isPending || turnOff.isPending || remove.isPending;
  const supported = pushSupported();

  const saveChoice = (input: Parameters<typeof save.mutate>[0]) =>
    save.mutate(input, { onSuccess: () => toast({ title: PUSH_MESSAGES.savedTitle }) });

  const switchOff = (deviceId: string) =>
    turnOff.mutate(deviceId, {
      onSuccess: () =>
        toast({ title: PUSH_MESSAGES.turnedOffTitle, description: PUSH_MESSAGES.turnedOffBody }),
    });

  const problem = turnOn.isError
    ? failure(turnOn.error, PUSH_MESSAGES.failed)
    : turnOff.isError
      ? failure(turnOff.error, PUSH_MESSAGES.failed)
      : remove.isError
        ? errorMessage(remove.error, PUSH_MESSAGES.saveFailed)
        : save.isError
          ? errorMessage(save.error, PUSH_MESSAGES.saveFailed)
          : null;

  return (
    <>
      <FormAlert message={problem} />
      <div className="grid gap-3">
        <p className="text-sm" aria-live="polite">
          {thisDevice ? PUSH_MESSAGES.onForThisDevice : PUSH_MESSAGES.offForThisDevice}
        </p>
        {supported ? (
          <div>
            {thisDevice ? (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => switchOff(thisDevice.id)}
              >
                {PUSH_MESSAGES.turnOff}
              </Button>
            ) : (
              <Button
                type="button"
                disabled={busy}
                onClick={() =>
                  turnOn.mutate(publicKey, {
                    onSuccess: () =>
                      toast({ title: PUSH_MESSAGES.turnedOnTitle, description: PUSH_MESSAGES.turnedOnBody }),
                  })
                }
              >
                {PUSH_MESSAGES.turnOn}
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{PUSH_MESSAGES.notSupported}</p>
        )}
        <p className="text-sm text-muted-foreground">{PUSH_MESSAGES.signedOutNote}</p>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">{PUSH_MESSAGES.kindsLegend}</legend>
        {PUSH_KINDS_FOR_ROLE[role].map((kind: PushKind) => (
          <label key={kind} className="flex items-start gap-3 text-sm" htmlFor={`push-${kind}`}>
            <Checkbox
              id={`push-${kind}`}
              className="mt-0.5"
              checked={settings.kinds[kind]}
              disabled={save.isPending}
              onChange={(event) => saveChoice({ kinds: { [kind]: event.target.checked } })}
            />
            <span>{PUSH_KIND_LABELS[kind]}</span>
          </label>
        ))}
      </fieldset>

      <div className="flex items-start gap-3 text-sm">
        <Checkbox
          id="push-previews"
          className="mt-0.5"
          checked={settings.previews}
          disabled={save.isPending}
          aria-describedby="push-previews-hint"
          onChange={(event) => saveChoice({ previews: event.target.checked })}
        />
        <div className="grid gap-1">
          <label htmlFor="push-previews" className="font-medium">
            {PUSH_MESSAGES.previewsLabel}
          </label>
          <p id="push-previews-hint" className="text-muted-foreground">
            {PUSH_MESSAGES.previewsHint}
          </p>
        </div>
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{PUSH_MESSAGES.devicesTitle}</h3>
        {settings.devices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PUSH_MESSAGES.noDevices}</p>
        ) : (
          <ul className="grid gap-2">
            {settings.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  {device.label}
                  {device.thisDevice ? ` (${PUSH_MESSAGES.thisDevice})` : ''}
                  <span className="text-muted-foreground"> · {formatDateGB(device.createdAt)}</span>
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`${PUSH_MESSAGES.removeDevice} ${device.label}`}
                  onClick={() =>
                    remove.mutate(device.id, {
                      onSuccess: () =>
                        toast({
                          title: PUSH_MESSAGES.turnedOffTitle,
                          description: PUSH_MESSAGES.deviceRemovedBody,
                        }),
                    })
                  }
                >
                  {PUSH_MESSAGES.removeDevice}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
