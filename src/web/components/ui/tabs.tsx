import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@web/lib/utils';

/*
 * Accessible tabs after the WAI-ARIA Authoring Practices "tabs with automatic activation":
 * role tablist/tab/tabpanel, one tab in the Tab order, Left/Right/Home/End move and select.
 * A panel's content mounts the first time its tab is selected and then stays mounted (hidden when
 * inactive), so a half-filled form survives a tab switch while a page of eight lists (the admin
 * dashboard) loads and draws only the one shown. Every panel element is always there, empty until
 * opened, so each tab's aria-controls names a real element.
 */

type TabsContextValue = {
  baseId: string;
  value: string;
  /** The tabs selected at least once: their panels' content is mounted. */
  opened: ReadonlySet<string>;
  select: (value: string) => void;
};

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(component: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${component}> must be used inside <Tabs>`);
  return context;
}

/** Ids must be valid in selectors and unique per tab set. */
const slug = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, '-');
const tabId = (baseId: string, value: string) => `${baseId}-tab-${slug(value)}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${slug(value)}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  /** The selected tab when uncontrolled. */
  defaultValue?: string;
  /** The selected tab when controlled (pair with onValueChange). */
  value?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ defaultValue, value, onValueChange, className, ...props }: TabsProps) {
  const baseId = slug(useId());
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const current = value ?? uncontrolled;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([current]));
  // A tab selected from outside (the address's ?tab=, Back) opens its panel too: state adjusted
  // while rendering, as React's docs advise for state that follows a prop.
  if (!opened.has(current)) setOpened(new Set([...opened, current]));
  const select = (next: string) => {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, opened, select }}>
      <div className={cn('grid gap-4', className)} {...props} />
    </TabsContext.Provider>
  );
}

/** Give it an aria-label (or aria-labelledby) naming the set of tabs. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    );
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index === -1) return;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = tabs[next];
    target?.focus();
    target?.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        'inline-flex w-full max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground sm:w-fit',
        className,
      )}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const { baseId, value: selected, select } = useTabsContext('TabsTrigger');
  const isSelected = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-controls={panelId(baseId, value)}
      aria-selected={isSelected}
      tabIndex={isSelected ? 0 : -1}
      data-state={isSelected ? 'active' : 'inactive'}
      className={cn(
        'inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string }) {
  const { baseId, value: selected, opened } = useTabsContext('TabsContent');
  const isSelected = value === selected;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      hidden={!isSelected}
      tabIndex={0}
      data-state={isSelected ? 'active' : 'inactive'}
      className={cn('focus-visible:outline-offset-4 data-[state=inactive]:hidden', className)}
      {...props}
    >
      {isSelected || opened.has(value) ? children : null}
    </div>
  );
}
