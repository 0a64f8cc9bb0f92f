import { BadgeCheck, Clock, ShieldAlert } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';

/** Where an admin's review of something a carer sent (checks, insurance) has got to. */
export function ReviewStatusBadge({ status }: { status: 'pending' | 'approved' | 'rejected' }) {
  if (status === 'pending')
    return (
      <Badge variant="secondary">
        <Clock aria-hidden="true" />
        Waiting for review
      </Badge>
    );
  if (status === 'approved')
    return (
      <Badge variant="success">
        <BadgeCheck aria-hidden="true" />
        Approved
      </Badge>
    );
  return (
    <Badge variant="destructive">
      <ShieldAlert aria-hidden="true" />
      Not approved
    </Badge>
  );
}
