import { useParams } from 'react-router';
import { ConversationView } from '@/features/messaging/conversation-view';

/** One conversation (/conversation/{id}); the route is for signed-in users only. */
function ConversationPage() {
  const { id = '' } = useParams();
  // Keyed by id: another conversation starts with its own draft, scroll position and read marker.
  return <ConversationView key={id} id={id} />;
}

export { ConversationPage as Component };
