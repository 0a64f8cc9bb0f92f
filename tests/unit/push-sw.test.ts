// The service worker's push handlers (decision 0044), driven through a fake worker scope.
import { describe, expect, it } from 'vitest';
import { installPushHandlers, safePath, type PushWorkerScope } from '../../src/web/sw/push';

const ORIGIN = 'https://carematch.example';

function fakeScope(openClients: { url: string }[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const focused: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        openClients.map((client) => ({
          url: client.url,
          focus: async () => focused.push(client.url),
          navigate: async (url: string) => navigated.push(url),
        })),
      openWindow: async (url: string) => opened.push(url),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  } as unknown as PushWorkerScope;
  installPushHandlers(scope);
  async function fire(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
    expect(waits).toHaveLength(1);
  }
  return { shown, opened, navigated, focused, fire };
}

const push = (payload: unknown) => ({ data: { json: () => payload } });

describe('the push handler', () => {
  it('shows the notice the payload describes, tagged, with where it leads', async () => {
    const worker = fakeScope();
    await worker.fire(
      'push',
      push({
        title: 'CareMatch',
        body: 'You have a new message.',
        url: '/messages/abc',
        tag: 'conversation-abc',
        kind: 'messages',
      }),
    );
    expect(worker.shown).toEqual([
      {
        title: 'CareMatch',
        options: expect.objectContaining({
          body: 'You have a new message.',
          tag: 'conversation-abc',
          data: { url: '/messages/abc' },
          renotify: true,
        }),
      },
    ]);
  });

  it('never stays silent: an unreadable push still shows a notice', async () => {
    const worker = fakeScope();
    await worker.fire('push', { data: { json: () => JSON.parse('not json') } });
    await worker.fire('push', { data: null });
    expect(worker.shown.map((notice) => notice.title)).toEqual(['CareMatch', 'CareMatch']);
    expect(worker.shown[0]!.options).toMatchObject({ body: 'You have a new notice.', data: { url: '/' } });
  });

  it('keeps a notice on this site whatever the payload names', () => {
    expect(safePath('/my-care?week=2', ORIGIN)).toBe('/my-care?week=2');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      42,
      null,
    ]) {
      expect(safePath(bad, ORIGIN), String(bad)).toBe('/');
    }
  });
});

describe('tapping a notice', () => {
  it('brings an open CareMatch window to the page', async () => {
    const worker = fakeScope([{ url: `${ORIGIN}/carers` }]);
    await worker.fire('notificationclick', {
      notification: { data: { url: '/messages/abc' }, close: () => {} },
    });
    expect(worker.navigated).toEqual([`${ORIGIN}/messages/abc`]);
    expect(worker.focused).toEqual([`${ORIGIN}/carers`]);
    expect(worker.opened).toEqual([]);
  });

  it('opens a window when none is open, and only on this site', async () => {
    const worker = fakeScope([{ url: 'https://other.example/' }]);
    let closed = false;
    await worker.fire('notificationclick', {
      notification: { data: { url: 'https://evil.example/' }, close: () => (closed = true) },
    });
    expect(closed).toBe(true);
    expect(worker.opened).toEqual([`${ORIGIN}/`]);
  });
});
