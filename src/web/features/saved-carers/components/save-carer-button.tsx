import { Heart } from 'lucide-react';
import { carerDisplayName } from '@contracts/carers-search-text';
import type { CarerSummary } from '@contracts/carers';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/utils';
import { canSaveCarers, useSavedCarers, useToggleSavedCarer } from '../api/saved-carers';

/** A heart toggle that keeps a carer on the customer's saved list; nothing for anyone else. */
export function SaveCarerButton({ carer, className }: { carer: CarerSummary; className?: string }) {
  const { user } = useAuth();
  const allowed = canSaveCarers(user);
  const saved = useSavedCarers(allowed);
  const toggle = useToggleSavedCarer();
  if (!allowed) return null;

  const name = carerDisplayName(carer);
  const isSaved = saved.data?.items.some((item) => item.id === carer.id) ?? false;
  return (
    <Button
      variant="outline"
      size="icon"
      aria-pressed={isSaved}
      aria-label={isSaved ? `Remove ${name} from saved` : `Save ${name}`}
      // Until the list has loaded we cannot tell which way the toggle points.
      disabled={!saved.isSuccess}
      onClick={() => toggle.mutate({ carer, save: !isSaved })}
      className={cn('rounded-full', className)}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5', isSaved ? 'fill-rose-600 text-rose-700' : 'text-muted-foreground')}
      />
    </Button>
  );
}
