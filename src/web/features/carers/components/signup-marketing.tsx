import type { ComponentType } from 'react';
import { BadgeCheck, Check, PoundSterling, ShieldCheck, Star, UserRoundPen } from 'lucide-react';
import { CARER_MEMBERSHIP, formatPounds } from '@contracts/pricing';
import { CARER_MONEY_TEXTS } from '@contracts/site-texts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

const REASONS: readonly { title: string; text: string; icon: ComponentType<{ className?: string }> }[] = [
  {
    title: 'Access to verified families',
    text: 'Connect with families across the UK who are looking for trusted, professional care.',
    icon: ShieldCheck,
  },
  {
    title: 'Professional profile support',
    text: 'Show your experience, qualifications and availability in a profile families can rely on.',
    icon: UserRoundPen,
  },
  {
    title: 'Build your reputation',
    text: 'Collect reviews from the families you support and grow your care business.',
    icon: Star,
  },
];

const MEMBERSHIP_BENEFITS = [
  'Professional profile listing',
  'Direct client messaging',
  'Background check assistance',
  CARER_MONEY_TEXTS.cardPayments,
] as const;

/** The "why join" panel of the carer signup page (product §2). */
export function SignupWhyJoin() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-xl">
          <h2>Why join CareMatch?</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5">
          {REASONS.map(({ title, text, icon: Icon }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="grid gap-1">
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The carer membership card: £29 a month, its benefits and the earnings promise (product §1, §9). */
export function SignupMembershipCard() {
  return (
    <Card className="border-primary">
      <CardHeader>
        <CardTitle asChild className="text-xl">
          <h2>{CARER_MEMBERSHIP.label}</h2>
        </CardTitle>
        <CardDescription>Everything you need to offer care independently.</CardDescription>
        <p className="mt-2 flex items-baseline gap-1">
          <span className="text-4xl font-bold text-primary">
            {formatPounds(CARER_MEMBERSHIP.amountPence)}
          </span>
          <span className="text-muted-foreground">per month</span>
        </p>
        <p className="text-sm text-muted-foreground">{CARER_MONEY_TEXTS.introductory}</p>
        <p className="text-sm text-muted-foreground">{CARER_MONEY_TEXTS.payingEarly}</p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ul className="grid gap-2 text-sm">
          {MEMBERSHIP_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {benefit}
            </li>
          ))}
        </ul>
        <div className="grid gap-3 rounded-md bg-secondary p-4 text-sm text-secondary-foreground">
          <p className="flex gap-2">
            <PoundSterling aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{CARER_MONEY_TEXTS.keepShareLong}</span>
          </p>
          <p className="flex gap-2">
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>Set your own rates and availability.</span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
