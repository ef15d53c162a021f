import { AdminPayments } from '@/features/admin/payments-list';

/** /admin/payments: the latest payments and refunds (docs/api/payments.md, Admin). */
export { AdminPayments as Component };
