import { ChatSupport } from '@/features/support/chat-support';

/** /chat-support: live chat with the support team, or a visitor's message (issue 39). */
export { ChatSupport as Component };
