import type { PaymentDeps } from '../payments';

/** Books the visits of active plans within the next 14 days, each once (hourly job). FOUNDATION. */
export async function bookDueVisits(_deps: PaymentDeps): Promise<number> {
  return 0;
}

/** Charges booked visits whose charge or retry is due (every 10 minutes). FOUNDATION. */
export async function chargeDueVisits(_deps: PaymentDeps): Promise<number> {
  return 0;
}
