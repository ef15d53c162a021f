import { useParams } from 'react-router';
import { UserDetail } from '@/features/admin/user-detail';

/** /admin/users/:id: one account. Keyed by the id, so moving to another account starts afresh. */
function AdminUserPage() {
  const { id = '' } = useParams();
  return <UserDetail key={id} userId={id} />;
}

export { AdminUserPage as Component };
