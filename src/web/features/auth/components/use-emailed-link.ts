import { useEffect, useRef } from 'react';
import { useTokenFromAddress } from '@web/lib/use-address-token';

interface LinkMutation {
  mutate: (input: { token: string }) => void;
  isSuccess: boolean;
  isError: boolean;
}

/**
 * A page an emailed single-use link opens (`?token=…`): the token is taken out of the address bar,
 * posted once, and the outcome gets the focus when it arrives.
 */
export function useEmailedLink<Mutation extends LinkMutation>(mutation: Mutation) {
  const token = useTokenFromAddress();
  const { mutate } = mutation;
  // StrictMode runs effects twice in development: the link is single use, so it is posted once.
  const sent = useRef(false);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const failed = !token || mutation.isError;
  useEffect(() => {
    if (mutation.isSuccess || failed) outcomeRef.current?.focus();
  }, [mutation.isSuccess, failed]);

  return { failed, outcomeRef };
}
