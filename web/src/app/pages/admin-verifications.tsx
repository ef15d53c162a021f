import { VerificationQueue } from '@/features/verification/verification-queue';

/** /admin/verifications: the verification queue (DOMAIN-RULES 10). */
export { VerificationQueue as Component };
