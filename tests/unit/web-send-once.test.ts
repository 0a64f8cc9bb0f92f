// The send-once rule for forms that create something (decision 0033), without a browser: the gate
// behind useSendOnce and useSendOnceMutation.
import { describe, expect, it } from 'vitest';
import { sendOnceGate } from '@web/lib/use-send-once';

/** A send that finishes when the test says so. */
function pendingSend() {
  let finish: (ok: boolean) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = (ok) => (ok ? resolve() : reject(new Error('refused')));
  });
  return { done, finish };
}

describe('sendOnceGate', () => {
  it('drops a second send made before the first has finished, with nothing awaited in between', async () => {
    const states: boolean[] = [];
    const sendOnce = sendOnceGate((sending) => states.push(sending));
    const first = pendingSend();
    let calls = 0;
    const send = () => {
      calls += 1;
      return first.done;
    };
    const one = sendOnce(send);
    const two = sendOnce(send); // the double click: same task, no re-render, no tick
    const three = sendOnce(send);
    expect(calls).toBe(1);
    expect(states).toEqual([true]);
    expect(await two).toBe(false);
    expect(await three).toBe(false);
    first.finish(true);
    expect(await one).toBe(true);
    expect(states).toEqual([true, false]);
  });

  it('starts the send at once, so the first call is under way before the caller goes on', () => {
    const sendOnce = sendOnceGate();
    let started = false;
    void sendOnce(async () => {
      started = true;
    });
    expect(started).toBe(true);
  });

  it('takes a new send once the first has finished, including after a failure', async () => {
    const sendOnce = sendOnceGate();
    const failing = pendingSend();
    const first = sendOnce(() => failing.done);
    failing.finish(false);
    await expect(first).rejects.toThrow('refused');
    let again = 0;
    expect(
      await sendOnce(async () => {
        again += 1;
      }),
    ).toBe(true);
    expect(
      await sendOnce(async () => {
        again += 1;
      }),
    ).toBe(true);
    expect(again).toBe(2);
  });
});
