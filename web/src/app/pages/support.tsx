import { SupportHub } from '@/features/help/support-hub';

export { SupportHub as Component };
