// The assistant module's public entry: the AI assistant and Enhance with AI routes
// (docs/api/assistant.md), and the tools that read the session user's own data for the AI provider.
export { assistantRoutes } from './assistant.routes';
export type { AssistantDeps } from './assistant.service';
export { assistantTools } from './tools';
