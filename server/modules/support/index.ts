// The support module's public entry: conversations with the support team (docs/api/support.md).

export { supportConversationRoutes, supportInboxRoutes } from './support.routes';
export type { SupportDeps } from './support.service';
export { notifyUnreadSupportReplies } from './unread-replies';
