import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SETTINGS_MENU_TEXTS } from '@contracts/settings';
import { cn } from '@web/lib/utils';
import type { SettingsSectionEntry } from './settings-sections';

/** How far below the top of the window a section counts as the one being read (the sticky header). */
const READING_LINE = 120;

/** The section being read: the last whose top has passed the reading line, else the first. */
function useSectionInView(ids: readonly string[]): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key.split(' ');
    let frame = 0;
    const measure = () => {
      frame = 0;
      let found = list[0];
      for (const id of list) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= READING_LINE) found = id;
      }
      // At the foot of the page the last sections cannot reach the line: the last one is read.
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atEnd && window.scrollY > 0) {
        const last = [...list].reverse().find((id) => document.getElementById(id));
        if (last) found = last;
      }
      setCurrent(found);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return current;
}

/** How long after opening a section the page may still grow above it as its sections load. */
const SETTLING_MS = 3000;

/**
 * Opens the section a link or an address names (/settings#notifications): its heading at the top of
 * the window, and the keyboard on it. Sections above it that load their data later push it down;
 * until the page settles (or the person scrolls) it is brought back into view each time.
 */
function useOpenHashSection() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let focused = false;
    const open = () => {
      const section = document.getElementById(id);
      if (!section) return;
      section.scrollIntoView({ block: 'start' });
      if (!focused) {
        focused = true;
        document.getElementById(`${id}-heading`)?.focus({ preventScroll: true });
      }
    };
    open();
    const growing = new ResizeObserver(open);
    growing.observe(document.body);
    const stop = () => growing.disconnect();
    const settled = window.setTimeout(stop, SETTLING_MS);
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, stop, { once: true, passive: true });
    return () => {
      stop();
      window.clearTimeout(settled);
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, [hash, key]);
}

/**
 * The list of the page's sections, each one tap away. On a phone it is the first thing on the page;
 * from a wide screen it stays beside the sections.
 */
export function SettingsMenu({ sections }: { sections: readonly SettingsSectionEntry[] }) {
  const current = useSectionInView(sections.map((section) => section.id));
  useOpenHashSection();
  return (
    <nav
      aria-label={SETTINGS_MENU_TEXTS.label}
      id="settings-menu"
      className="lg:sticky lg:top-24 lg:self-start"
    >
      <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1 lg:gap-0.5">
        {sections.map((section) => {
          const isCurrent = section.id === current;
          return (
            <li key={section.id} className="min-w-0">
              <Link
                to={{ hash: section.id }}
                aria-current={isCurrent ? 'location' : undefined}
                className={cn(
                  'flex min-h-11 items-center rounded-md border px-3 py-2 text-sm leading-tight font-medium break-words hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:min-h-9 lg:border-transparent lg:py-1.5',
                  isCurrent
                    ? 'border-primary bg-secondary text-foreground lg:border-primary'
                    : 'border-border text-muted-foreground',
                  section.id === 'delete-account' && 'text-destructive',
                )}
              >
                {section.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
