import { ConversationList } from '@/features/messaging/conversation-list';

/** Messages (spec section 2); the route is for signed-in users only. */
function MessagesPage() {
  return <ConversationList />;
}

export { MessagesPage as Component };
