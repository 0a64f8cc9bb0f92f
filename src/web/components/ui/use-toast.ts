// A small toast store in the manner of shadcn/ui's use-toast, with the limits of product §9.
import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@contracts/limits';
import type { ToastActionElement, ToastProps } from './toast';

export type ToasterToast = ToastProps & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

type ToastInput = Omit<ToasterToast, 'id'>;

let toasts: ToasterToast[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function setToasts(next: ToasterToast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

/** A dismissed toast stays mounted (closed) until this delay passes, as shadcn/ui does. */
function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of toasts) {
    if (id === undefined || t.id === id) scheduleRemoval(t.id);
  }
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast; only the newest TOAST_LIMIT toasts are kept. */
export function toast(input: ToastInput) {
  const id = nextId();
  const update = (props: Partial<ToastInput>) =>
    setToasts(toasts.map((t) => (t.id === id ? { ...t, ...props } : t)));
  const dismiss = () => dismissToast(id);

  setToasts(
    [
      {
        ...input,
        id,
        open: true,
        onOpenChange: (open: boolean) => {
          if (!open) dismiss();
        },
      },
      ...toasts,
    ].slice(0, TOAST_LIMIT),
  );

  return { id, dismiss, update };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen now (open or closing); the Toaster renders them. */
export function getToasts(): ToasterToast[] {
  return toasts;
}
const getSnapshot = getToasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
