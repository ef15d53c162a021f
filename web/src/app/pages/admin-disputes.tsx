import { AdminDisputes } from '@/features/admin/disputes-list';

/** /admin/disputes: the disputes queue, active and resolved (domain/disputes/api.ts, DOMAIN-RULES 9). */
export { AdminDisputes as Component };
