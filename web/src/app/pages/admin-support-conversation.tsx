import { useParams } from 'react-router';
import { AdminSupportConversation } from '@/features/support/admin-conversation';

/** /admin/support/:id: one support conversation. Keyed by the id, so moving to another starts afresh. */
function AdminSupportConversationPage() {
  const { id = '' } = useParams();
  return <AdminSupportConversation key={id} id={id} />;
}

export { AdminSupportConversationPage as Component };
