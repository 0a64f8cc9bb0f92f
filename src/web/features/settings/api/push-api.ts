// Push notices (decision 0044): this person's push choices and devices, and turning push on and
// off for this browser through its service worker registration.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { endpoints } from '@contracts/endpoints';
import { PUSH_MESSAGES, type PushSettingsInput } from '@contracts/push';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';

export const pushSettingsQueryKey = endpointKey(endpoints.push.getSettingsPush);
export const pushKeyQueryKey = endpointKey(endpoints.push.getKey);

export function usePushSettings() {
  return useQuery({
    queryKey: pushSettingsQueryKey,
    queryFn: ({ signal }) => api(endpoints.push.getSettingsPush, { signal }),
  });
}

export function usePushKey() {
  return useQuery({
    queryKey: pushKeyQueryKey,
    queryFn: ({ signal }) => api(endpoints.push.getKey, { signal }),
  });
}

export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PushSettingsInput) => api(endpoints.push.putSettingsPush, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(pushSettingsQueryKey, saved),
  });
}

/** Whether this browser can take push notices at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** A refusal to show as it is (permission denied, no service worker…). */
export class PushSetupError extends Error {}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new PushSetupError(PUSH_MESSAGES.noServiceWorker);
  return found;
}

function useDeviceMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSettingsQueryKey }),
  });
}

/** Asks for permission, subscribes through the service worker, and tells the server. */
export const useTurnPushOn = () =>
  useDeviceMutation(async (publicKey: string) => {
    if (!pushSupported()) throw new PushSetupError(PUSH_MESSAGES.notSupported);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new PushSetupError(PUSH_MESSAGES.permissionDenied);
    const worker = await registration();
    const subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    const json = subscription.toJSON();
    return api(endpoints.push.postSubscriptions, {
      body: {
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    });
  });

/**
 * This browser stops: the server forgets it, then the browser's subscription ends. A browser that
 * lost its subscription meanwhile is forgotten by the device's id.
 */
export const useTurnPushOff = () =>
  useDeviceMutation(async (deviceId: string) => {
    const worker = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
    const subscription = await worker?.pushManager.getSubscription();
    if (!subscription) {
      await api(endpoints.push.deleteSubscriptionsById, { params: { id: deviceId } });
      return;
    }
    await api(endpoints.push.postSubscriptionsRemove, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  });

/** Another of one's devices (or this one when the browser has lost its subscription). */
export const useRemovePushDevice = () =>
  useDeviceMutation((id: string) => api(endpoints.push.deleteSubscriptionsById, { params: { id } }));
