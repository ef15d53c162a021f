import OpenAI from 'openai';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { AssistantLink } from '../../../domain/assistant/api';
import {
  ENHANCE_QUESTIONS_MAX,
  type Enhancement,
  enhanceLocally,
  inventedFacts,
} from '../../../domain/assistant/enhance';
import { ASSISTANT_LIMITS } from '../../../domain/assistant/messages';
import { SCREENS } from '../../../domain/assistant/screens';
import { LIMITS, PRODUCT_NAME } from '../../../domain/catalog/catalog';
import { DISPUTE_RULES } from '../../../domain/disputes/messages';
import { MILESTONE_RULES } from '../../../domain/milestones/messages';
import { formatPence, PLATFORM_FEE_BASIS_POINTS } from '../../../domain/payments/money';
import { REVIEW_RULES } from '../../../domain/reviews/messages';
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

/**
 * The rules people ask about, with the figures the server enforces (docs/domain-rules.md), so a model
 * states them as they are rather than guessing ('posting is free' and no word of the fee).
 */
const RULES = `- Getting quotes: a customer posts a job on [Post a Job](/post-job) (a free customer account is needed: [Log In or Sign Up](/auth)); up to ${LIMITS.liveQuotesPerJob} verified tradespeople can quote; the customer compares and accepts one.
- Fees: posting jobs and getting quotes are free for customers, who pay the quoted price with nothing added. Tradespeople pay a platform fee of ${PLATFORM_FEE_BASIS_POINTS / 100}% of each payment for completed work, taken when the money is released; nothing else.
- Paying and escrow: the customer pays once the tradesperson marks the work complete (or milestone by milestone if a plan was agreed). The money is held in escrow for ${LIMITS.escrowProtectionDays} days from payment, then released to the tradesperson (less the fee), or sooner if the customer releases it. Never pay outside ${PRODUCT_NAME}.
- Reviews: only the two parties of a completed, paid booking review each other, once. A review is hidden until both have reviewed or ${REVIEW_RULES.revealAfterDays} days after payment, whichever is first; none can be written after that.
- Disputes: either party may raise one while the work is in progress, awaiting payment, or while money is held. Held money is frozen; the other party has ${DISPUTE_RULES.responseDays} days to respond; then the ${PRODUCT_NAME} team releases, refunds or splits the money.
- Verification: a tradesperson is verified while our team has approved their photo ID and an unexpired public liability insurance certificate; only verified tradespeople are listed. Documents are uploaded on [Documents](/documents).
- Milestones: on a confirmed, unpaid booking the tradesperson may propose ${MILESTONE_RULES.minMilestones} to ${MILESTONE_RULES.maxMilestones} milestones (each at least ${formatPence(MILESTONE_RULES.minAmountPence, 0)}) adding up to the booking amount; the customer accepts; each is paid from a saved card, held, and released when approved or ${MILESTONE_RULES.approvalDays} days after it is marked done.
- Cancelling: a customer may cancel an open job (its pending quotes are declined). Either side may cancel a booking the tradesperson has not confirmed; a confirmed booking is not cancelled in the app: talk in messages, then raise a dispute or contact [Support](/support).`;

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

The rules, which you state exactly as written here when asked:
${RULES}

${who}
Where they are: ${request.context}.

Answer briefly in plain text and UK English. Link to screens as [label](/path), only to the paths above; never link to other websites. Never invent data: no jobs, quotes, prices, tradespeople, names, dates or ratings that a tool did not give you. You cannot take actions (post or edit jobs, accept quotes, pay, refund, send messages, change accounts), see anyone else's data, price a job, or give legal or safety advice; for anything you cannot help with, point to [Support](/support).`;
}

const ENHANCE_PROMPT = `You improve job descriptions that customers post on ${PRODUCT_NAME}, a UK marketplace for tradespeople, so that a tradesperson understands the job quickly. The result must still read as the customer's own description of their job, only better written.
- Write clear, complete sentences: correct spelling, grammar, capitalisation and punctuation, and write out shorthand ("asap" is "as soon as possible").
- Use the trade's usual UK term where the customer's words clearly mean it ("fuse box" is the consumer unit).
- Keep every fact the customer gave, in their order. Add no facts: no numbers, measurements, prices, dates, times, places, postcodes, brands, causes or details the customer did not write. Do not add headings, labels or a list of questions to the description.
- Separately, ask at most ${ENHANCE_QUESTIONS_MAX} short questions about what a tradesperson would need to know before quoting for THIS job that the description does not say (for a dripping tap: which tap, how long it has dripped). Only questions relevant to what the job is about; none about things it does not mention. No numbers in the questions. An empty list is fine.
- UK English, plain text, the description at most ${ASSISTANT_LIMITS.enhanceMax} characters.
Reply with JSON only, exactly this shape: {"description": "the improved description", "questions": ["question?"]}`;

/** The model's answer as the prompt asks for it; anything else is not used. */
const ModelEnhancement = z.object({
  description: z.string().trim().min(1).max(ASSISTANT_LIMITS.enhanceMax),
  questions: z.array(z.string().trim().min(1).max(200)).default([]),
});

// The labels an older template wrote ("What needs doing: ..."): a model imitating them is not writing
// the customer's job.
const TEMPLATE_LABEL = /^(What needs doing|Where in the home|Access|Materials|Timing|Questions[^:\n]*)\s*:/im;

/**
 * The model's enhancement when it has the asked-for shape and adds nothing: the description states no
 * fact the customer's text lacks and carries no template labels; each question is a question without
 * a fact of its own. Null when the description is unusable; questions that are not usable are dropped.
 */
export function usableEnhancement(original: string, content: string): Enhancement | null {
  // Some servers wrap JSON in a code fence even when told not to.
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const result = ModelEnhancement.safeParse(parsed);
  if (!result.success) return null;
  const { description, questions } = result.data;
  if (TEMPLATE_LABEL.test(description) || inventedFacts(original, description).length > 0) return null;
  const asked = new Set(questions.filter((q) => q.endsWith('?') && inventedFacts(original, q).length === 0));
  return { description, questions: [...asked].slice(0, ENHANCE_QUESTIONS_MAX) };
}

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

  async enhance(input: { description: string; category: string }, signal: AbortSignal): Promise<Enhancement> {
    let content: string;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: [
            { role: 'system', content: ENHANCE_PROMPT },
            { role: 'user', content: `Category: ${input.category}\n\n${input.description}` },
          ],
          // JSON mode where the server has it; the prompt asks for the same shape where it does not.
          response_format: { type: 'json_object' },
        },
        { signal },
      );
      content = completion.choices[0]?.message.content ?? '';
    } catch (err) {
      // The asker left: the local text is as good as any, and nobody reads it.
      if (signal.aborted) return enhanceLocally(input);
      throw err;
    }
    return usableEnhancement(input.description, content) ?? enhanceLocally(input);
  }
}
