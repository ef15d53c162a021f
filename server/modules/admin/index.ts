// The admin console's public entry (docs/api/admin.md): the dashboard, the verification queue, user
// administration. It builds on profiles (documents and verification) and the audit log; nothing
// builds on it.
export { adminRoutes } from './admin.routes';
export type { AdminDeps } from './admin.service';
