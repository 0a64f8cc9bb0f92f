import { carerDisplayName } from '@contracts/carers-search-text';
import type { CarerSummary } from '@contracts/carers';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { cn } from '@web/lib/utils';
import { initialsOf } from '@web/lib/format';

/** Initials of first and last name, 'C' when there are none (product §2). */
export function carerInitials(carer: Pick<CarerSummary, 'firstName' | 'lastName'>): string {
  return initialsOf(carer, 'C');
}

const SIZES = {
  md: { root: 'size-14', fallback: 'text-lg' },
  lg: { root: 'size-24 sm:size-28', fallback: 'text-3xl' },
} as const;

/** The carer's photo, or their initials; the initials are decorative because the name sits beside them. */
export function CarerAvatar({ carer, size = 'md' }: { carer: CarerSummary; size?: keyof typeof SIZES }) {
  return (
    <Avatar className={SIZES[size].root}>
      {carer.photoUrl ? (
        <AvatarImage src={carer.photoUrl} alt={`Photo of ${carerDisplayName(carer)}`} />
      ) : null}
      <AvatarFallback aria-hidden="true" className={cn(SIZES[size].fallback)}>
        {carerInitials(carer)}
      </AvatarFallback>
    </Avatar>
  );
}
