import { DEFAULT_WITHIN } from '@contracts/carers-search-url';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { DEFAULT_CARE_TYPE, defaultSortFor, type CarerSearchFilters } from '../api/search-carers';
import { SEARCH_CONTROL_IDS, SearchFilters } from './search-filters';

/**
 * The phone's Filters sheet: the filters, "Clear filters", and the button that shows the results.
 * Closing it gives the keyboard back to the Filters button that opened it.
 */
export function SearchFiltersSheet({
  open,
  onOpenChange,
  filters,
  onChange,
  showLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: CarerSearchFilters;
  onChange: (next: CarerSearchFilters) => void;
  showLabel: string;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="bottom"
        closeLabel="Close filters"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          // Opened without a Radix trigger (it loads lazily): hand the keyboard back explicitly.
          event.preventDefault();
          document.getElementById(SEARCH_CONTROL_IDS.filtersButton)?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
        </SheetHeader>
        <SearchFilters filters={filters} onChange={onChange} />
        <div className="sticky -bottom-6 -mx-6 mt-2 flex gap-2 border-t border-border bg-background px-6 py-4">
          <Button
            variant="outline"
            className="flex-1"
            onClick={() =>
              onChange({
                ...filters,
                careType: DEFAULT_CARE_TYPE,
                day: '',
                partOfDay: '',
                maxRate: null,
                within: DEFAULT_WITHIN,
                sort: defaultSortFor(filters.near),
              })
            }
          >
            Clear filters
          </Button>
          <SheetClose asChild>
            <Button className="flex-1">{showLabel}</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
