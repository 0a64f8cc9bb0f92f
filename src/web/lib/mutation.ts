// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place react-query's own is wrapped
import { useMutation as useQueryMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';

/** What the caller of one `mutate` asks to happen once that call has settled. */
export type CallCallbacks<TData, TError, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
};

/** A callback that throws is reported (as react-query does), without changing the call's outcome. */
function runCallback(callback: () => unknown) {
  try {
    callback();
  } catch (error) {
    globalThis.reportError(error);
  }
}

/**
 * react-query's `useMutation`, except that the callbacks given to one call
 * (`mutate(variables, { onSuccess, onError, onSettled })`) always run when that call settles.
 * react-query drops them once the calling component has unmounted, and a call's own success often
 * unmounts it: a visit's Cancel button leaves with the visit as the list (refreshed on a timer or on
 * focus) shows it cancelled, and with it went the "Visit Cancelled" toast. A toast, a dialog
 * closing or a step forward belongs to the call, not to the button that made it. Every call's
 * callbacks run, not only the latest's. The web's only useMutation (lint forbids react-query's).
 */
export function useMutation<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) {
  const mutation = useQueryMutation(options);
  const { mutateAsync: run } = mutation;
  type Callbacks = CallCallbacks<TData, TError, TVariables>;

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks?: Callbacks): Promise<TData> => {
      let data: TData;
      try {
        data = await run(variables);
      } catch (caught) {
        const error = caught as TError;
        runCallback(() => callbacks?.onError?.(error, variables));
        runCallback(() => callbacks?.onSettled?.(undefined, error, variables));
        throw caught;
      }
      runCallback(() => callbacks?.onSuccess?.(data, variables));
      runCallback(() => callbacks?.onSettled?.(data, null, variables));
      return data;
    },
    [run],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: Callbacks): void => {
      // Failures reach the caller's (or the hook's) onError, as with react-query's own mutate.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { ...mutation, mutate, mutateAsync };
}

/** What `useMutation` gives, for a component handed a mutation made elsewhere. */
export type MutationResult<TData = unknown, TError = Error, TVariables = void> = ReturnType<
  typeof useMutation<TData, TError, TVariables>
>;
