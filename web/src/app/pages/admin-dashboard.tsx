import { AdminDashboard } from '@/features/admin/dashboard';

/** /admin: the console's dashboard (spec section 2); the route group already requires an admin. */
export { AdminDashboard as Component };
