// The web's own words for arrangements and visits: dates in words, whose turn it is,
// notices, the agenda's days, and the "Propose changes" form's values.
import { describe, expect, it } from 'vitest';
import {
  arrangementStanding,
  arrangementToFormValues,
  careRequestToFormValues,
  describeNotice,
  formatDayDate,
  formatHourlyRate,
  formatTimeRange,
  formatWeeklyHours,
  groupVisitsByDay,
  isOpenArrangement,
  requestAnsweredIn,
} from '@web/features/arrangements/components/arrangement-format';
import { ArrangementTerms } from '@contracts/arrangements';

const base = {
  status: 'proposed' as const,
  awaitingMe: false,
  partnerName: 'Grace M.',
  startDate: '2026-12-01',
  endDate: null,
  declineReason: null,
};

describe('arrangement words', () => {
  it('writes dates as words, read as the calendar day', () => {
    expect(formatDayDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(formatDayDate('2027-03-28', false)).toBe('Sunday 28 March');
    expect(formatDayDate('not a date')).toBe('not a date');
  });

  it('writes times, rates and the hours of a week', () => {
    expect(formatTimeRange('09:00', '12:00')).toBe('09:00 to 12:00');
    expect(formatHourlyRate('18.50')).toBe('£18.50 an hour');
    expect(formatHourlyRate('20.00')).toBe('£20 an hour');
    const week = [
      { start: '09:00', end: '12:00' },
      { start: '09:00', end: '12:00' },
    ];
    expect(formatWeeklyHours(week)).toBe('6 hours a week');
    expect(formatWeeklyHours([{ start: '09:00', end: '10:30' }])).toBe('1.5 hours a week');
    expect(formatWeeklyHours([{ start: '09:00', end: '10:00' }])).toBe('1 hour a week');
  });

  it('says whose turn it is, and why it ended or was declined', () => {
    expect(arrangementStanding(base)).toBe('Waiting for Grace M. to answer.');
    expect(arrangementStanding({ ...base, awaitingMe: true })).toMatch(/^Waiting for your answer/);
    expect(arrangementStanding({ ...base, status: 'accepted' })).toBe(
      'Agreed with Grace M., from Tuesday 1 December 2026.',
    );
    expect(arrangementStanding({ ...base, status: 'accepted', endDate: '2027-01-05' })).toBe(
      'Agreed with Grace M., until Tuesday 5 January 2027.',
    );
    expect(arrangementStanding({ ...base, status: 'declined', declineReason: 'Not free then' })).toBe(
      'Declined. Reason: Not free then',
    );
    expect(arrangementStanding({ ...base, status: 'ended', endDate: '2027-01-05' })).toBe(
      'Ended. The last day was Tuesday 5 January 2027.',
    );
    expect(isOpenArrangement({ status: 'accepted' })).toBe(true);
    expect(isOpenArrangement({ status: 'ended' })).toBe(false);
  });

  it('words a notice with how late and its note', () => {
    expect(describeNotice({ notice: null, noticeNote: null, minutesLate: null })).toBeNull();
    expect(
      describeNotice({ notice: 'running_late', noticeNote: 'Traffic on the A61', minutesLate: 20 }),
    ).toBe('Running late (about 20 minutes): Traffic on the A61');
    expect(describeNotice({ notice: 'running_late', noticeNote: null, minutesLate: 60 })).toBe(
      'Running late (about 1 hour)',
    );
    expect(describeNotice({ notice: 'cant_make_it', noticeNote: null, minutesLate: null })).toBe(
      'Can’t make it',
    );
  });

  it('groups visits by day, in date and time order', () => {
    const visits = [
      { id: 'c', date: '2026-12-03', start: '09:00' },
      { id: 'b', date: '2026-12-01', start: '14:00' },
      { id: 'a', date: '2026-12-01', start: '09:00' },
    ];
    expect(groupVisitsByDay(visits).map((day) => [day.date, day.visits.map((v) => v.id)])).toEqual([
      ['2026-12-01', ['a', 'b']],
      ['2026-12-03', ['c']],
    ]);
  });

  it('prefills "Propose changes" with the terms, a past start moved to today', () => {
    const terms = {
      startDate: '2026-11-01',
      visits: [{ day: 'tuesday' as const, start: '09:00', end: '12:00' }],
      hourlyRate: '18.00',
      tasks: 'Breakfast',
    };
    expect(arrangementToFormValues(terms, '2026-11-26')).toEqual({
      startDate: '2026-11-26',
      visits: [{ day: 'tuesday', start: '09:00', end: '12:00' }],
      hourlyRate: '18',
      tasks: 'Breakfast',
    });
    expect(arrangementToFormValues({ ...terms, startDate: '2026-12-10' }, '2026-11-26').startDate).toBe(
      '2026-12-10',
    );
  });
});

describe('a proposal filled in from the care request', () => {
  const request = {
    startDate: '2026-12-08',
    pattern: { slots: ['tuesday-morning', 'thursday-morning'], liveIn: false, shortNotice: false },
    budgetMax: '21.00',
  } as const satisfies Parameters<typeof careRequestToFormValues>[0];

  it('makes a visit row of each day and part of the day, with the start date and the top of the budget', () => {
    expect(careRequestToFormValues({ ...request, pattern: { ...request.pattern } }, '2026-11-29')).toEqual({
      startDate: '2026-12-08',
      visits: [
        { day: 'tuesday', start: '07:00', end: '12:00' },
        { day: 'thursday', start: '07:00', end: '12:00' },
      ],
      hourlyRate: '21',
      tasks: '',
    });
    expect(careRequestToFormValues({ ...request, budgetMax: '18.5' }, '2026-11-29').hourlyRate).toBe('18.50');
  });

  it('starts today when the request’s start date has passed', () => {
    expect(careRequestToFormValues(request, '2026-12-10').startDate).toBe('2026-12-10');
  });

  it('joins touching parts of a day and carries overnight past midnight into the next day', () => {
    const values = careRequestToFormValues(
      {
        ...request,
        pattern: {
          slots: [
            'monday-morning',
            'monday-afternoon',
            'monday-evening',
            'wednesday-overnight',
            'thursday-morning',
            'sunday-overnight',
          ],
          liveIn: false,
          shortNotice: false,
        },
      },
      '2026-11-29',
    );
    expect(values.visits).toEqual([
      // Sunday night runs into Monday's morning, afternoon and evening.
      { day: 'monday', start: '00:00', end: '22:00' },
      { day: 'wednesday', start: '22:00', end: '23:59' },
      { day: 'thursday', start: '00:00', end: '12:00' },
      { day: 'sunday', start: '22:00', end: '23:59' },
    ]);
    // The rows are what the proposal's schema takes (no overlaps, each within its day).
    expect(ArrangementTerms.safeParse(values).success).toBe(true);
  });

  it('leaves one empty row for a request with no days (live-in only)', () => {
    const values = careRequestToFormValues(
      { ...request, pattern: { slots: [], liveIn: true, shortNotice: false } },
      '2026-11-29',
    );
    expect(values.visits).toEqual([{ day: '', start: '', end: '' }]);
  });

  it('takes the newest open request answered in this conversation, and no other', () => {
    const answered = (conversationId: string | null) => [{ conversationId }];
    const requests = [
      { id: 'old', status: 'open' as const, createdAt: '2026-11-01T10:00:00Z', responses: answered('c1') },
      { id: 'new', status: 'open' as const, createdAt: '2026-11-20T10:00:00Z', responses: answered('c1') },
      {
        id: 'closed',
        status: 'filled' as const,
        createdAt: '2026-11-25T10:00:00Z',
        responses: answered('c1'),
      },
      { id: 'other', status: 'open' as const, createdAt: '2026-11-28T10:00:00Z', responses: answered('c2') },
      { id: 'hidden', status: 'open' as const, createdAt: '2026-11-28T11:00:00Z', responses: answered(null) },
    ];
    expect(requestAnsweredIn(requests, 'c1')?.id).toBe('new');
    expect(requestAnsweredIn(requests, 'c2')?.id).toBe('other');
    expect(requestAnsweredIn(requests, 'c3')).toBeUndefined();
  });
});
