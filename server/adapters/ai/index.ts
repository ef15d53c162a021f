import { enhanceLocally } from '../../../domain/assistant/enhance';
import type { AiConfig } from '../../config/config';
import { LocalAssistant } from './local/assistant';
import type { AiProvider } from './provider';

export type { AiProvider } from './provider';

/** The built-in provider: the local assistant's replies and the rule-based enhancer. */
export function localProvider(): AiProvider {
  const assistant = new LocalAssistant();
  return {
    name: 'local',
    reply: (request) => assistant.reply(request),
    enhance: async (input) => enhanceLocally(input),
  };
}

/** The configured provider. The OpenAI SDK is loaded only when AI_PROVIDER=openai. */
export async function aiProviderFor(config: AiConfig): Promise<AiProvider> {
  if (config.provider === 'local') return localProvider();
  const { OpenAiProvider } = await import('./openai');
  return new OpenAiProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model });
}
