import { useState } from 'react';
import { ArrangementList } from '@web/features/arrangements/components/arrangement-list';
import { VisitAgenda } from '@web/features/arrangements/components/visit-agenda';
import { PastVisits } from '@web/features/arrangements/components/visit-history';
import { WeekView } from '@web/features/arrangements/components/week-view';

/**
 * The Schedule tab (the spec's placeholder): the week at a glance, the carer's visits of the coming weeks with
 * their one-tap notices, and the arrangements behind them. Asked for once the tab is first opened.
 */
export function DashboardSchedule({ active }: { active: boolean }) {
  const [opened, setOpened] = useState(active);
  if (active && !opened) setOpened(true);
  return (
    <div className="grid gap-10">
      <WeekView isCarer enabled={opened} />
      {/* On paper, the week (the history and each arrangement have their own printable pages). */}
      <div className="grid gap-10 print:hidden">
        <VisitAgenda isCarer enabled={opened} />
        <PastVisits isCarer enabled={opened} />
        <ArrangementList isCarer enabled={opened} />
      </div>
    </div>
  );
}
