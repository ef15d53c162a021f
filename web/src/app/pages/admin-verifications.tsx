import { VerificationQueue } from '@/features/admin/verification-queue';

/** /admin/verifications: the verification queue (DOMAIN-RULES 10). */
export { VerificationQueue as Component };
