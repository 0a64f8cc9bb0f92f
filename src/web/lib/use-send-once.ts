import type { UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useMutation, type CallCallbacks } from './mutation';

/**
 * One send at a time: a call made while an earlier one is still running is dropped (returns
 * false) from the moment the first starts, with nothing to wait for (no re-render, no promise
 * tick). `onSending` hears when a send starts and ends, for the button's state.
 */
export function sendOnceGate(onSending: (sending: boolean) => void = () => undefined) {
  let inFlight = false;
  return async (send: () => Promise<unknown>): Promise<boolean> => {
    if (inFlight) return false;
    inFlight = true;
    onSending(true);
    try {
      await send();
      return true;
    } finally {
      inFlight = false;
      onSending(false);
    }
  };
}

/**
 * The rule for a form or button that creates something (decision 0033): one send at a time. A
 * second submit (a double click, Enter pressed twice) while the first is still being checked or
 * sent is dropped from the first click on, so it needs no re-render to take effect. Give
 * `sending` to the button (disabled, or aria-disabled where focus must stay on it). The API
 * client's Idempotency-Key is the server-side half of the same rule.
 */
export function useSendOnce() {
  const [sending, setSending] = useState(false);
  // One gate for the component's life (useState's initialiser runs once).
  const [sendOnce] = useState(() => sendOnceGate(setSending));
  return { sending, sendOnce };
}

/** A promise that never settles: what a dropped repeat's `mutateAsync` gives its caller. */
const never = new Promise<never>(() => undefined);

/**
 * `useMutation` for a call that creates something, with the send-once rule built in: `mutate` and
 * `mutateAsync` called again while the first call is running are dropped (the repeat's own
 * callbacks never run; its `mutateAsync` promise never settles, so nothing after it runs twice),
 * and `isPending` is true from the first click (react-query's own flag follows a tick later,
 * after a second click could have landed). Every creating hook of the web uses this.
 */
export function useSendOnceMutation<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) {
  const mutation = useMutation(options);
  const { sending, sendOnce } = useSendOnce();
  const { mutateAsync: run } = mutation;
  type Callbacks = CallCallbacks<TData, TError, TVariables>;

  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: Callbacks): Promise<TData> => {
      let result: Promise<TData> = never;
      void sendOnce(() => {
        result = run(variables, callbacks);
        return result.catch(() => undefined);
      });
      return result;
    },
    [run, sendOnce],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: Callbacks): void => {
      // Failures reach the caller's (or the hook's) onError, as with react-query's own mutate.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { ...mutation, mutate, mutateAsync, isPending: mutation.isPending || sending };
}
