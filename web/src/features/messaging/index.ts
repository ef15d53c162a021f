// What messaging offers other features: the button that opens a conversation.
export { MessageButton } from './message-button';
