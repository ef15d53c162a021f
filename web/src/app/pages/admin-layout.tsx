import { AdminLayout } from '@/features/admin/admin-layout';

/** The admin console's frame (its sub-navigation); the route group already requires an admin. */
export { AdminLayout as Component };
