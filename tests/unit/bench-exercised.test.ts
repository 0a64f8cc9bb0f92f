import { describe, expect, it } from 'vitest';
import {
  unexercisedFaults,
  unexercisedLive,
  unexercisedLoad,
  unexercisedMixedLoad,
  type FaultMinimums,
  type FaultsExercise,
} from '../bench/exercised';

// Each benchmark's "did it measure something" check: refused traffic must fail the bench, not
// pass it on nothing (a "no acknowledged write lost" that held with zero writes).

const load = (statuses: Record<number, number>, extra: { errors?: number; timeouts?: number } = {}) => ({
  requests: Object.values(statuses).reduce((sum, count) => sum + count, 0),
  statuses,
  errors: extra.errors ?? 0,
  timeouts: extra.timeouts ?? 0,
});

describe('unexercisedLoad (bench:search, bench:load)', () => {
  it('fails a run whose every answer was a refusal', () => {
    expect(unexercisedLoad('mix A', load({ 403: 500 }))).toEqual([
      'mix A: could not exercise: none of 500 requests answered 2xx (statuses 403: 500; 0 errors or timeouts)',
    ]);
  });

  it('fails a run where refusals dominate, and one that made no request', () => {
    expect(unexercisedLoad('mix A', load({ 200: 40, 403: 60 }))[0]).toMatch(
      /only 40 of 100 requests answered 2xx/,
    );
    expect(unexercisedLoad('mix A', load({}))[0]).toMatch(/no request was made/);
    expect(unexercisedLoad('mix A', load({}, { errors: 12 }))[0]).toMatch(/none of 12 requests answered 2xx/);
  });

  it('passes a run that was mostly answered', () => {
    expect(unexercisedLoad('mix A', load({ 200: 99, 404: 1 }))).toEqual([]);
  });

  it('fails a mixed load that had no message acknowledged', () => {
    expect(unexercisedMixedLoad(load({ 200: 900 }), 0)[0]).toMatch(/no message was acknowledged/);
    expect(unexercisedMixedLoad(load({ 200: 900, 201: 100 }), 100)).toEqual([]);
  });
});

describe('unexercisedLive (bench:live)', () => {
  it('fails a round whose events never arrived', () => {
    expect(unexercisedLive([{ name: 'in a row', sent: 200, arrived: 0 }])).toEqual([
      'live in a row: could not exercise: 200 sent, no event arrived',
    ]);
    expect(unexercisedLive([])).toEqual(['live: could not exercise: no round ran']);
  });

  it('passes rounds with events', () => {
    expect(unexercisedLive([{ name: 'in a row', sent: 200, arrived: 199 }])).toEqual([]);
  });
});

describe('unexercisedFaults (bench:faults)', () => {
  const minimums: FaultMinimums = {
    writesBeforeStop: 5,
    writesAfterReturn: 5,
    writesRefusedWhileAway: 1,
    redeliveriesAccepted: 3,
    kills: 3,
    killsMidConfirmation: 1,
    paymentsConfirmed: 9,
  };
  const healthy: FaultsExercise = {
    restart: {
      writesAcknowledgedBeforeStop: 26,
      writesAcknowledgedAfterReturn: 35,
      writesRefusedWhileAway: 51,
      sendStatuses: { 201: 61, 503: 51 },
    },
    webhook: { whileAway: 503, redeliveriesAccepted: 3, redeliveries: 3 },
    kills: { kills: 3, killsMidConfirmation: 2, paymentsStarted: 9, paymentsConfirmed: 9 },
  };

  it('passes a run that exercised every part', () => {
    expect(unexercisedFaults(healthy, minimums)).toEqual([]);
  });

  it('fails every part when the traffic was refused, saying what it could not exercise and why', () => {
    const refused: FaultsExercise = {
      restart: {
        writesAcknowledgedBeforeStop: 0,
        writesAcknowledgedAfterReturn: 0,
        writesRefusedWhileAway: 0,
        sendStatuses: { 403: 812 },
        firstOtherAnswer: '403 {"message":"Please confirm your email address first."}',
      },
      webhook: { whileAway: 403, redeliveriesAccepted: 0, redeliveries: 3 },
      kills: {
        kills: 0,
        killsMidConfirmation: 0,
        paymentsStarted: 0,
        paymentsConfirmed: 0,
        firstRefusal: 'POST /api/create-subscription answered 403',
      },
    };
    const problems = unexercisedFaults(refused, minimums);
    expect(problems).toHaveLength(8);
    expect(problems[0]).toBe(
      '(a) could not exercise "no acknowledged write lost": 0 messages acknowledged (201) before PostgreSQL stopped, minimum 5; ' +
        'answers to the sends: 403: 812, e.g. 403 {"message":"Please confirm your email address first."}',
    );
    expect(problems.join('\n')).toMatch(/\(a\) could not exercise the recovery/);
    expect(problems.join('\n')).toMatch(/\(a\) could not exercise the outage/);
    expect(problems.join('\n')).toMatch(
      /\(b\) could not exercise a webhook during the outage: .* answered 403, not a 5xx/,
    );
    expect(problems.join('\n')).toMatch(/\(b\) could not exercise the redelivery: 0 of 3/);
    expect(problems.join('\n')).toMatch(
      /\(c\) could not exercise "all or nothing": 0 payments confirmed around the kills \(of 0 started\), minimum 9; POST \/api\/create-subscription answered 403/,
    );
  });

  it('names the refused step of the set-up in each part', () => {
    const problems = unexercisedFaults(
      {
        ...healthy,
        peopleRefused: 'POST /api/auth/register answered 403',
        restart: { ...healthy.restart, writesAcknowledgedBeforeStop: 0, writesAcknowledgedAfterReturn: 0 },
      },
      minimums,
    );
    expect(problems).toHaveLength(2);
    for (const problem of problems)
      expect(problem).toMatch(/the bench's people were refused: POST \/api\/auth\/register answered 403/);
  });

  it('fails kills that never cut a confirmation, and a part just under its minimum', () => {
    expect(
      unexercisedFaults({ ...healthy, kills: { ...healthy.kills, killsMidConfirmation: 0 } }, minimums),
    ).toEqual([
      '(c) could not exercise a crash mid-confirmation: 0 of 3 kills cut a confirmation before its answer, minimum 1',
    ]);
    expect(
      unexercisedFaults(
        { ...healthy, restart: { ...healthy.restart, writesAcknowledgedAfterReturn: 4 } },
        minimums,
      )[0],
    ).toMatch(/4 messages acknowledged \(201\) after PostgreSQL returned, minimum 5/);
  });
});
