import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useToast } from '@web/components/ui/use-toast';
import { queryClient } from '@web/lib/query-client';

// The toasts' component (Radix Toast, ~8 KB gzipped) loads with the first toast, not with every
// page: no page shows one on arrival, and the initial JavaScript budget is 150 KB
// (docs/performance.md). Once loaded it stays, so later toasts come at once.
const Toaster = lazy(() =>
  import('@web/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

function ToasterOnceNeeded() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnceNeeded />
    </QueryClientProvider>
  );
}
