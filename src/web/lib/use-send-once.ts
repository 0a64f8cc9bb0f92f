import { useCallback, useRef, useState } from 'react';

/**
 * The rule for a form or button that creates something (decision 0033): one send at a time. A
 * second submit (a double click, Enter pressed twice) while the first is still being checked or
 * sent is dropped from the first click on: a ref, so it needs no re-render to take effect. Give
 * `sending` to the button (disabled, or aria-disabled where focus must stay on it). The API
 * client's Idempotency-Key is the server-side half of the same rule.
 */
export function useSendOnce() {
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const sendOnce = useCallback(async (send: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await send();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, []);
  return { sending, sendOnce };
}
