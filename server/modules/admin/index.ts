// The admin console's public entry (docs/api/admin.md): the dashboard and user administration. It
// builds on verification (a user's documents) and the audit log; nothing builds on it. The
// verification queue is the verification module's (docs/api/verification.md).
export { adminRoutes } from './admin.routes';
export type { AdminDeps } from './admin.service';
