import { BadgeCheck, Lock, TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@contracts/auth';
import { COMPLIANCE_MESSAGES, formatCheckDate, type CheckSummary } from '@contracts/verification-compliance';
import { describeCheckFacts, type CarerChecks } from '@contracts/verification';
import { hasActiveSubscription, plansPath } from './contact-area';

function CheckLine({ children }: { children: string }) {
  return (
    <li className="flex items-start gap-2">
      <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
      <span>{children}</span>
    </li>
  );
}

/** The checks behind the Verified badge, each with its date, as subscribed families (and admins) see them. */
export function BackgroundChecks({ checks }: { checks: CarerChecks }) {
  return (
    <div className="grid gap-3" data-testid="background-checks">
      <ul className="grid gap-2">
        {describeCheckFacts(checks).map((line) => (
          <CheckLine key={line}>{line}</CheckLine>
        ))}
      </ul>
      {checks.renewalDue ? (
        <p className="flex items-start gap-2 text-sm font-medium text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>DBS renewal due: the certificate is over 3 years old and not on the Update Service.</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Whether the viewer is someone the check details are kept from until they subscribe: a visitor
 * or a customer without an active subscription. Carers and admins are neither.
 */
export function mayBeInvitedToSubscribe(user: CurrentUser | null): boolean {
  if (!user) return true;
  return user.role === 'customer' && user.userType === 'customer' && !hasActiveSubscription(user);
}

/**
 * What a verified carer's profile says about their checks to someone who may not see the details:
 * the dates only (when they were checked, how long the insurance runs).
 */
export function BackgroundChecksLocked({ summary }: { summary: CheckSummary | null }) {
  const location = useLocation();
  return (
    <div className="grid gap-2 text-sm">
      {summary ? (
        <ul className="grid gap-2" data-testid="check-summary">
          <CheckLine>{`DBS certificate, right to work, ID and references checked on ${formatCheckDate(summary.checkedOn)}`}</CheckLine>
          {summary.insuredUntil ? (
            <CheckLine>{COMPLIANCE_MESSAGES.insuredUntil(summary.insuredUntil)}</CheckLine>
          ) : null}
        </ul>
      ) : null}
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          CareMatch has checked this carer’s DBS certificate, right to work and references.{' '}
          {/* The one plan chooser, with the way back to this carer (as "Subscribe Now"). */}
          <Link
            to={plansPath(`${location.pathname}${location.search}`, location.state)}
            className="font-medium text-primary underline underline-offset-4"
          >
            Subscribe to see the check details
          </Link>
          .
        </span>
      </p>
    </div>
  );
}
