import { Faq } from '@/features/help/faq';

export { Faq as Component };
