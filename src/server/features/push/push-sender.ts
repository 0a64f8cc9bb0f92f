import { createHash } from 'node:crypto';
import webpush from 'web-push';

/** A device to push to: its push service's endpoint and its keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** Replaces an undelivered push with the same topic at the push service (one per conversation…). */
  topic: string;
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

export interface PushSender {
  /** Resolves with the push service's status; throws only when it could not be reached. */
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<number>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SEND_TIMEOUT_MS = 10_000;

/** A Topic header is at most 32 base64url characters: a hash of our tag. */
export const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292): web-push encrypts the payload (aes128gcm) and signs
 * the JWT; the request goes out through fetch, with a timeout and no redirects followed.
 */
export function createWebPushSender(vapid: VapidKeys, subject: string): PushSender {
  return {
    async send(target, payload, options) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) headers.set(name, String(value));
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}

/** A new key pair (demo mode's first start, tests). */
export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();
