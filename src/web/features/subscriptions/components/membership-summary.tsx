import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { MEMBERSHIP_SUMMARY_TEXTS } from '@contracts/subscriptions';
import { formatLongDateGB } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { useCarerMembership } from '../api/membership';
import { MembershipCard } from './membership-card';

/**
 * The carer dashboard's membership: one line saying where it stands, which opens the full card
 * (pay, cancel, payments). Collapsed by default so the dashboard's tabs and checks come first on a
 * phone; open when coming back from a payment that left the site, which the card finishes.
 */
export function MembershipSummary({ checksApproved }: { checksApproved: boolean }) {
  const membership = useCarerMembership();
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(() => searchParams.has('redirect_status'));
  const detailsId = useId();
  const data = membership.data;
  const line = data
    ? MEMBERSHIP_SUMMARY_TEXTS.state(data.state, {
        listedUntil: data.listedUntil ? formatLongDateGB(data.listedUntil) : '—',
        nextPayment: data.nextPaymentDate ? formatLongDateGB(data.nextPaymentDate) : null,
      })
    : membership.isError
      ? MEMBERSHIP_SUMMARY_TEXTS.failed
      : MEMBERSHIP_SUMMARY_TEXTS.loading;
  return (
    <div className="grid gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((was) => !was)}
        className="flex min-h-12 w-full min-w-0 items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="shrink-0 font-semibold">{MEMBERSHIP_SUMMARY_TEXTS.title}</span>
        <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">{line}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={detailsId} hidden={!open}>
        {open ? <MembershipCard checksApproved={checksApproved} /> : null}
      </div>
    </div>
  );
}
