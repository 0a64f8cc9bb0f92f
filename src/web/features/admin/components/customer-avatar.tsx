import { UserRound } from 'lucide-react';
import type { AdminCarer, AdminCustomer } from '@contracts/admin';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { cn } from '@web/lib/utils';
import { initialsOf } from '@web/lib/format';
import { carerName } from './admin-names';

/** A customer's profile image, or a placeholder (an icon, or initials); decorative beside the name. */
export function CustomerAvatar({
  customer,
  fallback = 'icon',
  className,
}: {
  customer: AdminCustomer;
  fallback?: 'icon' | 'initials';
  className?: string;
}) {
  return (
    <Avatar className={cn('size-12', className)}>
      {customer.profileImageUrl ? <AvatarImage src={customer.profileImageUrl} alt="" /> : null}
      <AvatarFallback aria-hidden="true">
        {fallback === 'icon' ? <UserRound className="size-6" /> : initialsOf(customer, 'U')}
      </AvatarFallback>
    </Avatar>
  );
}

/** A carer's photo (described by the name), or their initials. */
export function CarerPhoto({ carer, className }: { carer: AdminCarer; className?: string }) {
  return (
    <Avatar className={cn('size-14', className)}>
      {carer.photoUrl ? <AvatarImage src={carer.photoUrl} alt={`Photo of ${carerName(carer)}`} /> : null}
      <AvatarFallback aria-hidden="true" className="text-lg">
        {initialsOf(carer, 'C')}
      </AvatarFallback>
    </Avatar>
  );
}
