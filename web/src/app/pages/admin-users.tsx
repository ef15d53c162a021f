import { UsersList } from '@/features/admin/users-list';

/** /admin/users: find an account. */
export { UsersList as Component };
