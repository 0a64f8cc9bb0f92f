import { Check } from 'lucide-react';
import { CUSTOMER_BENEFITS } from '@contracts/pricing';

/** Product §1's benefits, as the pricing page lists them. */
export function PlanFeatures({ className }: { className?: string }) {
  return (
    <ul className={className ?? 'grid gap-3'} aria-label="What is included">
      {CUSTOMER_BENEFITS.map((benefit) => (
        <li key={benefit} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          {benefit}
        </li>
      ))}
    </ul>
  );
}
