import { describe, expect, it } from 'vitest';
import { mondayAt, mondayOf, weekBounds, weekIsOver } from '../../src/server/features/invoicing/weeks';
import { addDays, ukDate, ukInstant } from '../../src/server/platform/uk-time';

/*
 * weekBounds and mondayAt keep what they worked out (the week last asked for, the bounds of each
 * Monday): asked in any order, across clock changes and at the very edges of weeks, they answer
 * what working it out afresh does.
 */

const HOUR_MS = 3_600_000;

describe('UK timesheet weeks, worked out once', () => {
  it('answer the Monday of any instant as ukDate does, whatever was asked before', () => {
    // Every half hour of six weeks around the October 2027 clock change, then the spring one,
    // in an order that jumps back and forth between weeks.
    const instants: Date[] = [];
    for (const start of ['2027-10-11T00:00:00Z', '2027-03-15T00:00:00Z']) {
      for (let step = 0; step < 6 * 7 * 48; step += 1) {
        instants.push(new Date(Date.parse(start) + step * HOUR_MS * 0.5));
      }
    }
    let seed = 11;
    const shuffled = [...instants, ...instants.map((_, i) => instants[(i * 7919) % instants.length]!)];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const j = seed % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    for (const at of [...instants, ...shuffled]) {
      expect([at.toISOString(), mondayAt(at)]).toEqual([at.toISOString(), mondayOf(ukDate(at))]);
    }
  });

  it('start a week at 00:00 UK on its Monday, the instant before being the week before', () => {
    for (const monday of ['2027-03-22', '2027-03-29', '2027-10-25', '2027-11-01', '2028-01-03']) {
      const start = ukInstant(monday, '00:00');
      expect(weekBounds(monday)).toEqual({ from: start, to: ukInstant(addDays(monday, 7), '00:00') });
      expect(mondayAt(new Date(start.getTime() - 1))).toBe(addDays(monday, -7));
      expect(mondayAt(start)).toBe(monday);
      expect(mondayAt(new Date(start.getTime() - 1))).toBe(addDays(monday, -7));
      expect(weekIsOver(addDays(monday, -7), new Date(start.getTime() - 1))).toBe(false);
      expect(weekIsOver(addDays(monday, -7), start)).toBe(true);
    }
    // The weeks of the clock changes are 167 and 169 hours long.
    const hours = (monday: string) =>
      (weekBounds(monday).to.getTime() - weekBounds(monday).from.getTime()) / HOUR_MS;
    expect([hours('2027-03-22'), hours('2027-10-25'), hours('2027-11-01')]).toEqual([167, 169, 168]);
  });
});
