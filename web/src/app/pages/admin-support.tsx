import { SupportInbox } from '@/features/support/inbox';

/** /admin/support: the support inbox; the route group already requires an admin. */
export { SupportInbox as Component };
