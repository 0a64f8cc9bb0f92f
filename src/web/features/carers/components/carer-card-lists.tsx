import { Badge } from '@web/components/ui/badge';

/**
 * The first `max` entries as chips, then '+N more' for the rest (product §2: 3 qualifications,
 * 2 availability options). `max` undefined shows everything (the profile page).
 */
export function CarerChipList({
  label,
  items,
  max,
  variant,
}: {
  label: string;
  items: readonly string[];
  max?: number;
  variant: 'secondary' | 'outline';
}) {
  const shown = max === undefined ? items : items.slice(0, max);
  const hiddenCount = items.length - shown.length;
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((item) => (
        <li key={item}>
          <Badge variant={variant} className="font-medium">
            {item}
          </Badge>
        </li>
      ))}
      {hiddenCount > 0 ? (
        <li>
          <Badge variant="muted" className="font-medium">
            {`+${hiddenCount} more`}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
