// "Did it measure anything?": every benchmark under tests/bench fails when its traffic was refused
// or never happened, instead of passing on nothing (a fault check that holds with zero writes,
// latency figures of 403s). Each function returns what could not be exercised, one line each;
// empty when the run measured what it claims. Unit-tested in tests/unit/bench-exercised.test.ts.

/** What a load run answered (tests/bench/load.ts's LoadResult has these). */
export interface AnsweredLoad {
  requests: number;
  /** Responses by HTTP status. */
  statuses: Record<number, number>;
  errors: number;
  timeouts: number;
}

const statusList = (statuses: Record<number | string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ') || 'none';

const successes = (statuses: Record<number | string, number>) =>
  Object.entries(statuses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .reduce((sum, [, count]) => sum + count, 0);

/**
 * A load run (`bench:search`'s mixes, streams and baseline, `bench:load`): nothing answered, or
 * more than half of it refused or failed, measures the refusals rather than the work.
 */
export function unexercisedLoad(label: string, result: AnsweredLoad): string[] {
  const ok = successes(result.statuses);
  const failed = result.errors + result.timeouts;
  if (result.requests === 0 && failed === 0) return [`${label}: could not exercise: no request was made`];
  if (ok === 0)
    return [
      `${label}: could not exercise: none of ${result.requests + failed} requests answered 2xx (statuses ${statusList(result.statuses)}; ${failed} errors or timeouts)`,
    ];
  if (ok * 2 < result.requests + failed)
    return [
      `${label}: could not exercise: only ${ok} of ${result.requests + failed} requests answered 2xx (statuses ${statusList(result.statuses)}; ${failed} errors or timeouts)`,
    ];
  return [];
}

/** `bench:load`: the load itself, and the messages whose storage it checks afterwards. */
export function unexercisedMixedLoad(result: AnsweredLoad, sentOk: number): string[] {
  return [
    ...unexercisedLoad('mixed load', result),
    ...(sentOk === 0
      ? [
          'mixed load: could not exercise: no message was acknowledged (201), so none could be checked in the database',
        ]
      : []),
  ];
}

/** `bench:live`: a round whose events never arrived (or that sent nothing) measured no latency. */
export function unexercisedLive(rounds: { name: string; sent: number; arrived: number }[]): string[] {
  if (rounds.length === 0) return ['live: could not exercise: no round ran'];
  return rounds
    .filter((round) => round.arrived === 0)
    .map((round) => `live ${round.name}: could not exercise: ${round.sent} sent, no event arrived`);
}

// ---------------------------------------------------------------------------------------------
// bench:faults

export interface FaultsExercise {
  /** Why the bench's people could not be made (register, confirm, pay), when they could not. */
  peopleRefused?: string;
  restart: {
    /** New messages answered 201 in the load before PostgreSQL was stopped. */
    writesAcknowledgedBeforeStop: number;
    /** New messages answered 201 after PostgreSQL accepted connections again. */
    writesAcknowledgedAfterReturn: number;
    /** New messages answered 503 (the service-unavailable answer) while PostgreSQL was away. */
    writesRefusedWhileAway: number;
    /** Answers to the new-message requests, by status (e.g. 403 when people are refused). */
    sendStatuses: Record<string, number>;
    /** The first answer to a send that was neither 201 nor 503, for the message. */
    firstOtherAnswer?: string;
  };
  webhook: {
    /** The status of the signed delivery made while PostgreSQL was away. */
    whileAway: number;
    /** Redeliveries after the return answered 200. */
    redeliveriesAccepted: number;
    redeliveries: number;
  };
  kills: {
    /** SIGKILLs sent while a batch of confirmations was started. */
    kills: number;
    /** Kills that cut at least one confirmation before its answer. */
    killsMidConfirmation: number;
    /** Payments started (POST /api/create-subscription answered 200). */
    paymentsStarted: number;
    /** Payments fully applied after their round: before the kill or confirmed again after the restart. */
    paymentsConfirmed: number;
    /** Why a payment could not be started, when one could not. */
    firstRefusal?: string;
  };
}

export interface FaultMinimums {
  writesBeforeStop: number;
  writesAfterReturn: number;
  writesRefusedWhileAway: number;
  redeliveriesAccepted: number;
  kills: number;
  killsMidConfirmation: number;
  paymentsConfirmed: number;
}

/** Each part of `bench:faults` below its minimum, with what it could not exercise and why. */
export function unexercisedFaults(run: FaultsExercise, min: FaultMinimums): string[] {
  const problems: string[] = [];
  const why = run.peopleRefused ? ` (the bench's people were refused: ${run.peopleRefused})` : '';
  const r = run.restart;
  const sends = `answers to the sends: ${statusList(r.sendStatuses)}${r.firstOtherAnswer ? `, e.g. ${r.firstOtherAnswer}` : ''}`;
  if (r.writesAcknowledgedBeforeStop < min.writesBeforeStop)
    problems.push(
      `(a) could not exercise "no acknowledged write lost": ${r.writesAcknowledgedBeforeStop} messages acknowledged (201) before PostgreSQL stopped, minimum ${min.writesBeforeStop}; ${sends}${why}`,
    );
  if (r.writesAcknowledgedAfterReturn < min.writesAfterReturn)
    problems.push(
      `(a) could not exercise the recovery: ${r.writesAcknowledgedAfterReturn} messages acknowledged (201) after PostgreSQL returned, minimum ${min.writesAfterReturn}; ${sends}${why}`,
    );
  if (r.writesRefusedWhileAway < min.writesRefusedWhileAway)
    problems.push(
      `(a) could not exercise the outage: ${r.writesRefusedWhileAway} messages answered 503 while PostgreSQL was away, minimum ${min.writesRefusedWhileAway}; ${sends}${why}`,
    );
  const w = run.webhook;
  if (w.whileAway < 500 || w.whileAway > 599)
    problems.push(
      `(b) could not exercise a webhook during the outage: the delivery while PostgreSQL was away answered ${w.whileAway}, not a 5xx`,
    );
  if (w.redeliveriesAccepted < min.redeliveriesAccepted)
    problems.push(
      `(b) could not exercise the redelivery: ${w.redeliveriesAccepted} of ${w.redeliveries} redeliveries answered 200, minimum ${min.redeliveriesAccepted}`,
    );
  const k = run.kills;
  const refused = k.firstRefusal ? `; ${k.firstRefusal}` : '';
  if (k.kills < min.kills)
    problems.push(
      `(c) could not exercise the crashes: ${k.kills} kills during confirmations, minimum ${min.kills}${refused}${why}`,
    );
  if (k.paymentsConfirmed < min.paymentsConfirmed)
    problems.push(
      `(c) could not exercise "all or nothing": ${k.paymentsConfirmed} payments confirmed around the kills (of ${k.paymentsStarted} started), minimum ${min.paymentsConfirmed}${refused}${why}`,
    );
  if (k.killsMidConfirmation < min.killsMidConfirmation)
    problems.push(
      `(c) could not exercise a crash mid-confirmation: ${k.killsMidConfirmation} of ${k.kills} kills cut a confirmation before its answer, minimum ${min.killsMidConfirmation}`,
    );
  return problems;
}
