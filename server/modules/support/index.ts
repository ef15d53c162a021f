// The support module's public entry: conversations with the support team (docs/api/support.md).
// FOUNDATION (issue 39): the support part builds the routes and services behind these names.

export { supportConversationRoutes, supportInboxRoutes } from './support.routes';
export { notifyUnreadSupportReplies } from './support.service';
