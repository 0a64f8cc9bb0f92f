import { useId } from 'react';
import {
  ADMIN_OVERVIEW_TEXT as TEXT,
  type AdminOverview,
  type OverviewWeek,
} from '@contracts/admin-overview';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateGB } from '@web/lib/format';
import { useAdminOverview } from '../api/admin-overview';
import { QueueError, QueueLoading } from './queue-states';

type Series = Exclude<keyof OverviewWeek, 'weekStart'>;

/** The chart's series, each with a fill that keeps 3:1 against the card (WCAG 1.4.11). */
const SERIES: { key: Series; label: string; fill: string }[] = [
  { key: 'signUps', label: TEXT.signUps, fill: 'fill-blue-700' },
  { key: 'subscriptions', label: TEXT.subscriptions, fill: 'fill-emerald-700' },
  { key: 'checks', label: TEXT.checks, fill: 'fill-amber-700' },
];
const SWATCH: Record<Series, string> = {
  signUps: 'bg-blue-700',
  subscriptions: 'bg-emerald-700',
  checks: 'bg-amber-700',
};

/** '30 Mar': a week's Monday, en-GB, on the chart's axis. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export type QueueTab = 'verifications' | 'compliance' | 'safeguarding';

const QUEUES: { key: keyof AdminOverview['queues']; label: string; tab: QueueTab }[] = [
  { key: 'checksWaiting', label: TEXT.checksWaiting, tab: 'verifications' },
  { key: 'insuranceWaiting', label: TEXT.insuranceWaiting, tab: 'compliance' },
  { key: 'dueSoon', label: TEXT.dueSoon, tab: 'compliance' },
  { key: 'reportsOpen', label: TEXT.reportsOpen, tab: 'safeguarding' },
];

const WIDTH = 640;
const HEIGHT = 220;
const AXIS = 32;
const TOP = 20;

/** Grouped bars, one group a week; the table below says the same in words (the SVG is a picture). */
function WeeksChart({ weeks, labelledBy }: { weeks: OverviewWeek[]; labelledBy: string }) {
  const max = Math.max(1, ...weeks.flatMap((week) => SERIES.map(({ key }) => week[key])));
  const group = WIDTH / weeks.length;
  const bar = (group - 8) / SERIES.length;
  const plot = HEIGHT - AXIS - TOP;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={labelledBy}
      className="h-auto w-full text-muted-foreground"
    >
      <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className="stroke-current" />
      <text x={0} y={TOP - 4} className="fill-current text-[16px]">
        {max}
      </text>
      {weeks.map((week, i) => (
        <g key={week.weekStart} transform={`translate(${i * group + 4} 0)`}>
          {SERIES.map(({ key, fill }, s) => {
            const height = (week[key] / max) * plot;
            return (
              <rect
                key={key}
                x={s * bar}
                y={TOP + plot - height}
                width={bar - 1}
                height={height}
                className={fill}
              />
            );
          })}
          {i % 3 === 0 ? (
            <text x={(group - 8) / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-current text-[16px]">
              {shortDay(week.weekStart)}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}

/** The admin landing page: what waits in each queue, and the last weeks at a glance. */
export function AdminOverviewPanel({ onOpen }: { onOpen: (tab: QueueTab) => void }) {
  const overview = useAdminOverview();
  const chartTitle = useId();
  if (overview.isPending) return <QueueLoading label={TEXT.loading} />;
  if (overview.isError) return <QueueError message={TEXT.failed} onRetry={() => void overview.refetch()} />;
  const { queues, weeks } = overview.data;
  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${chartTitle}-queues`} className="grid gap-3">
        <h2 id={`${chartTitle}-queues`} className="text-xl font-semibold">
          {TEXT.queuesHeading}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {QUEUES.map(({ key, label, tab }) => (
            <li key={key}>
              <Card className="flex h-full flex-col justify-between gap-3 p-4">
                <p className="text-sm text-muted-foreground">{label}</p>
                <div className="flex items-end justify-between gap-2">
                  <p className="text-3xl font-semibold" data-testid={`overview-${key}`}>
                    {queues[key]}
                  </p>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onOpen(tab)}
                    aria-label={`${TEXT.open}: ${label}`}
                  >
                    {TEXT.open}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id={chartTitle} className="text-xl font-semibold">
            {TEXT.chartHeading}
          </h2>
          <p id={`${chartTitle}-summary`} className="text-sm text-muted-foreground">
            {TEXT.chartSummary(weeks.length)}
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Key">
          {SERIES.map(({ key, label }) => (
            <li key={key} className="flex items-center gap-2">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SWATCH[key]}`} />
              {label}
            </li>
          ))}
        </ul>
        <WeeksChart weeks={weeks} labelledBy={`${chartTitle} ${chartTitle}-summary`} />
        <details className="min-w-0">
          <summary className="cursor-pointer text-sm font-medium">{TEXT.showTable}</summary>
          {/* Focusable: at the narrowest phones the table may scroll sideways within itself. */}
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={TEXT.tableRegion}>
            <table className="w-full text-sm">
              <caption className="sr-only">{TEXT.chartSummary(weeks.length)}</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-1 pr-2">
                    {TEXT.weekOf}
                  </th>
                  {SERIES.map(({ key, label }) => (
                    <th key={key} scope="col" className="py-1 pr-2 text-right">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.weekStart} className="border-b border-border last:border-0">
                    <th scope="row" className="py-1 pr-2 text-left font-normal">
                      {formatDateGB(`${week.weekStart}T12:00:00Z`)}
                    </th>
                    {SERIES.map(({ key }) => (
                      <td key={key} className="py-1 pr-2 text-right tabular-nums">
                        {week[key]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </Card>
    </div>
  );
}
