import { Safety } from '@/features/help/safety';

export { Safety as Component };
