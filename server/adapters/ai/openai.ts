import OpenAI from 'openai';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { AssistantLink } from '../../../domain/assistant/api';
import { enhanceLocally, inventedFacts } from '../../../domain/assistant/enhance';
import { ASSISTANT_LIMITS } from '../../../domain/assistant/messages';
import { SCREENS } from '../../../domain/assistant/screens';
import { PRODUCT_NAME } from '../../../domain/catalog/catalog';
import type { AiProvider, AssistantRequest, ReplyChunk, ToolSpec } from './provider';

// The `openai` provider: any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM...) through
// the official SDK. Replies stream; the model reads the asker's own data only through the session's
// tools. Enhanced descriptions are checked for invented facts and replaced by the local enhancer's when
// the model adds any. Prompts and replies are never logged.

export interface OpenAiProviderOptions {
  /** The server's API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Until the reply starts: the SDK's timeout covers the request, not the streamed body. */
  timeoutMs?: number;
  /** Rounds of tool calls before the model must answer in text. */
  maxToolRounds?: number;
}

/** The screens a reply may link to (the local assistant's list), one line each, for the prompt. */
const SCREEN_LINES = SCREENS.filter((screen) => screen.available && !screen.path.includes(':'))
  .map((screen) => `- ${screen.path}: ${screen.label} (${screen.audience}): ${screen.description}`)
  .join('\n');

function systemPrompt(request: AssistantRequest): string {
  const { asker } = request;
  const who =
    asker.kind === 'guest'
      ? 'The person asking is not signed in: you cannot see any of their data. For questions about their own jobs, quotes, messages, bookings or payments, ask them to [log in](/auth).'
      : `The person asking is signed in as a ${asker.userType}${asker.isAdmin ? ' and an admin' : ''}${
          asker.firstName ? `, first name ${asker.firstName}` : ''
        }. For their own jobs, quotes, messages, bookings and money held, call the tools; never guess them.`;
  return `You are the assistant of ${PRODUCT_NAME}, a UK marketplace where customers post jobs, tradespeople quote for them, and work is booked, paid for securely, completed and reviewed. You help people find their way around ${PRODUCT_NAME}.

The main screens:
${SCREEN_LINES}

${who}
Where they are: ${request.context}.

Answer briefly in plain text and UK English. Link to screens as [label](/path), only to the paths above; never link to other websites. Never invent data: no jobs, quotes, prices, tradespeople, names, dates or ratings that a tool did not give you. You cannot take actions (post or edit jobs, accept quotes, pay, refund, send messages, change accounts), see anyone else's data, price a job, or give legal or safety advice; for anything you cannot help with, point to [Support](/support).`;
}

const ENHANCE_PROMPT = `You rewrite job descriptions that customers post on ${PRODUCT_NAME}, a UK marketplace for tradespeople, so that a tradesperson understands the job quickly.
- Correct spelling, grammar and capitalisation, and use the proper UK trade terms.
- Where the text has them, group it into short labelled parts: What needs doing, Where in the home, Access, Materials, Timing.
- Keep every fact the customer gave. Add no facts: no numbers, measurements, prices, dates, times, postcodes, brands or details the customer did not write.
- End with a few questions, for the job's category, that the customer may want to answer. Phrase them as questions, without numbers.
- UK English, plain text, at most ${ASSISTANT_LIMITS.enhanceMax} characters. Reply with the rewritten description only.`;

const functionTool = (tool: ToolSpec): ChatCompletionFunctionTool => ({
  type: 'function',
  function: {
    name: tool.name,
    description: tool.description,
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
});

// A path inside the app: not "//host" or "/\host", which browsers read as another site.
const APP_PATH = /^\/(?![/\\])[\w\-./?=&%#+~]*$/;
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** The [label](/path) links of a reply that stay in the app, once each. */
function appLinks(text: string): AssistantLink[] {
  const links = new Map<string, AssistantLink>();
  for (const [, label, path] of text.matchAll(MARKDOWN_LINK)) {
    if (APP_PATH.test(path!) && !links.has(path!)) links.set(path!, { label: label!.trim(), path: path! });
  }
  return [...links.values()];
}

export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly maxToolRounds: number;

  constructor(options: OpenAiProviderOptions) {
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey,
      timeout: options.timeoutMs ?? 30_000,
      // One retry of a dropped connection, 429 or 5xx; more would keep someone waiting in the chat.
      maxRetries: 1,
      // OPENAI_LOG=debug would log requests and responses, which hold prompts and replies.
      logLevel: 'warn',
    });
    this.model = options.model;
    this.maxToolRounds = options.maxToolRounds ?? 3;
  }

  async *reply(request: AssistantRequest): AsyncIterable<ReplyChunk> {
    const offered = request.tools.list();
    const tools = offered.map(functionTool);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(request) },
      ...request.history,
      { role: 'user', content: request.message },
    ];
    let text = '';
    try {
      for (let round = 0; ; round++) {
        // After the last round of tools the model is told to answer with what it has.
        const lastRound = round >= this.maxToolRounds;
        const stream = await this.client.chat.completions.create(
          {
            model: this.model,
            messages,
            stream: true,
            ...(tools.length > 0 ? { tools, tool_choice: lastRound ? 'none' : 'auto' } : {}),
          },
          { signal: request.signal },
        );
        let roundText = '';
        const calls = new Map<number, ChatCompletionMessageFunctionToolCall>();
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.content) {
            roundText += delta.content;
            yield { type: 'text', text: delta.content };
          }
          // A call arrives in pieces: its id and name first, then its arguments a few characters at a time.
          for (const piece of delta?.tool_calls ?? []) {
            const call = calls.get(piece.index) ?? {
              // Some compatible servers send no id; the tool result needs one to answer.
              id: `call_${round}_${piece.index}`,
              type: 'function',
              function: { name: '', arguments: '' },
            };
            if (piece.id) call.id = piece.id;
            if (piece.function?.name) call.function.name = piece.function.name;
            call.function.arguments += piece.function?.arguments ?? '';
            calls.set(piece.index, call);
          }
        }
        // The SDK ends an aborted stream quietly; the asker left, so no tool is run for them.
        if (request.signal.aborted) return;
        text += roundText;
        if (calls.size === 0 || lastRound) break;

        messages.push({ role: 'assistant', content: roundText || null, tool_calls: [...calls.values()] });
        for (const call of calls.values()) {
          const offeredTool = offered.find((tool) => tool.name === call.function.name);
          const result = offeredTool
            ? await request.tools.call(offeredTool.name)
            : { error: `There is no tool called ${call.function.name}.` };
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result ?? null) });
        }
      }
    } catch (err) {
      // The asker left before the reply started: nobody is waiting for it or for an error.
      if (request.signal.aborted) return;
      throw err;
    }
    for (const link of appLinks(text)) yield { type: 'link', link };
  }

  async enhance(input: { description: string; category: string }, signal: AbortSignal): Promise<string> {
    let enhanced: string;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: [
            { role: 'system', content: ENHANCE_PROMPT },
            { role: 'user', content: `Category: ${input.category}\n\n${input.description}` },
          ],
        },
        { signal },
      );
      enhanced = completion.choices[0]?.message.content?.trim() ?? '';
    } catch (err) {
      // The asker left: the local text is as good as any, and nobody reads it.
      if (signal.aborted) return enhanceLocally(input);
      throw err;
    }
    const usable =
      enhanced !== '' &&
      enhanced.length <= ASSISTANT_LIMITS.enhanceMax &&
      inventedFacts(input.description, enhanced).length === 0;
    return usable ? enhanced : enhanceLocally(input);
  }
}
