/**
 * CareMatch's fee on a card payment to a carer (decision 0039): PLATFORM_FEE_PERCENT of the
 * invoice's total, in whole pence, rounded once and down, so any fraction of a penny stays with the
 * carer. Integer arithmetic (hundredths of a percent), so no floating point is ever rounded.
 */
export function platformFeePence(totalPence: number, feeBasisPoints: number): number {
  if (!Number.isSafeInteger(totalPence) || totalPence <= 0)
    throw new Error(`not an amount in pence: ${totalPence}`);
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > 10_000) {
    throw new Error(`not a fee in hundredths of a percent: ${feeBasisPoints}`);
  }
  return Math.floor((totalPence * feeBasisPoints) / 10_000);
}

/** "5%", "2.5%", "0%": the fee as people read it. */
export const feePercent = (feeBasisPoints: number) => feeBasisPoints / 100;
