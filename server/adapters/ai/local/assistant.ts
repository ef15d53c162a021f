import type { AssistantContext } from '../../../../domain/assistant/messages';
import { SCREENS, type Screen, type ScreenViewer, screenIsFor } from '../../../../domain/assistant/screens';
import { PRODUCT_NAME } from '../../../../domain/catalog/catalog';
import { HELP_ARTICLES, type HelpArticle } from '../../../../domain/help/content';
import type { Asker, AssistantRequest, AssistantToolName, ReplyChunk } from '../provider';
import { type HelpDoc, type HelpHit, HelpIndex } from './help-index';
import { ACTIONS, type Action, detectIntent, INTENT_VOCABULARY } from './intents';
import { keepAppLinks, link, linkScreenNames, linksTo, Reply, reachable, screenLink } from './reply';
import { ruleAnswer } from './rules';
import { correctTypos, normalise } from './text';
import { phraseToolResult, TOOL_SCREENS, TOOL_TOPICS } from './tool-replies';

// The local assistant (decision 0005): no model. It answers how-to and where-is questions from the
// product's help articles and screens through a search index, questions about the asker's own data
// through the tools, and says plainly what it cannot do. Everything it says is built from the help
// content, the screens list and the tools' results, so the same question always gets the same reply.

/**
 * A hit that matches at least this share of the question's words is an answer; below it the assistant
 * says it is not sure rather than guess.
 */
const MIN_COVERAGE = 0.5;
/** An article leads the reply unless a screen scores this much higher ("where are my saved pros"). */
const ARTICLE_LEADS_AT = 0.6;
/**
 * A second link must score this share of the first: an article beside a screen, or a screen beside an
 * article (lower: a screen's few words never score like an article's paragraphs).
 */
const SECOND_LINK_AT = 0.4;
const SCREEN_BESIDE_ARTICLE_AT = 0.25;
/** Screens meant for exactly the asker's kind of account outrank general ones. */
const OWN_AUDIENCE_BOOST = 1.1;
const CONTEXT_BOOST = 2;
const UNAVAILABLE_BOOST = 0.75;
/** Help text quoted in a reply: paragraphs until this length. */
const EXCERPT_CHARS = 160;

/**
 * Each context's screen (its questions lean towards it), the help sections about it, and the line that
 * points back to the screen, given that screen's link as the asker sees it.
 */
const CONTEXTS: Partial<
  Record<AssistantContext, { path: string; sections: RegExp; nudge: (to: string) => string }>
> = {
  'posting a job': {
    path: '/post-job',
    sections: /^Posting a job$/,
    nudge: (to) =>
      `When you are ready, fill in the form on ${to}: a clear title, the details of the work and your postcode bring the best quotes.`,
  },
  'viewing job details': {
    path: '/my-jobs',
    sections: /^(Quotes|Booking)$/,
    nudge: (to) => `Everything about your jobs and bookings is in ${to}.`,
  },
  'tradesperson dashboard': {
    path: '/tradesperson-dashboard',
    sections: /^(For tradespeople|Fees)$/,
    nudge: (to) => `Your pending quotes, active jobs and earnings are on your ${to}.`,
  },
  'managing quotes': {
    path: '/manage-quotes',
    sections: /^Quotes$/,
    nudge: (to) => `Your quotes are in ${to}, where you can edit or withdraw one while it waits.`,
  },
  browsing: {
    path: '/browse',
    sections: /^(For homeowners|Reviews|Verification)$/,
    nudge: (to) => `You can look through tradespeople, their profiles and reviews on ${to}.`,
  },
};

/** Where a user changes or updates what they have: their profiles, cards, jobs, quotes and documents. */
const CHANGEABLE = [
  '/profile',
  '/edit-tradesperson-profile',
  '/payment-methods',
  '/my-jobs',
  '/manage-quotes',
  '/documents',
];

/**
 * Screens where people do each thing themselves: the search picks the one the request is about
 * ('cancel my quote' is Manage Quotes), else the first the asker can open.
 */
const ACTION_SCREENS: Record<Action, string[]> = {
  pay: ['/my-jobs', '/payment-methods'],
  release: ['/my-jobs'],
  refund: ['/disputes', '/my-jobs'],
  cancel: ['/my-jobs', '/manage-quotes'],
  accept: ['/my-jobs'],
  decline: ['/my-jobs'],
  reject: ['/my-jobs'],
  withdraw: ['/manage-quotes'],
  approve: ['/my-jobs'],
  message: ['/messages'],
  send: ['/messages', '/browse', '/manage-quotes'],
  text: ['/messages'],
  email: ['/messages', '/support'],
  ring: ['/messages', '/support'],
  call: ['/messages', '/support'],
  change: CHANGEABLE,
  update: CHANGEABLE,
  edit: ['/profile', '/edit-tradesperson-profile', '/my-jobs', '/manage-quotes'],
  reschedule: ['/my-jobs', '/messages'],
  delete: ['/profile', '/payment-methods', '/saved-pros', '/my-jobs', '/manage-quotes'],
  remove: ['/profile', '/payment-methods', '/saved-pros', '/my-jobs', '/manage-quotes'],
  book: ['/browse', '/browse-services', '/post-job', '/my-jobs'],
  hire: ['/browse', '/browse-services', '/post-job'],
  post: ['/post-job'],
  write: ['/my-reviews', '/messages'],
  leave: ['/my-reviews'],
  verify: ['/documents', '/admin/verifications'],
  upload: ['/documents'],
};

const PAGE_NAMES: Record<HelpArticle['page'], string> = {
  faq: 'FAQ',
  safety: 'Safety guide',
  support: 'Support page',
};

const FAQ = link('FAQ', '/faq');
const SUPPORT = link('Support', '/support');
const SIGN_IN = link('Log In or Sign Up', '/auth');

let sharedIndex: HelpIndex | undefined;
/** One index per process, built on first use. */
function helpIndex(): HelpIndex {
  sharedIndex ??= new HelpIndex(HELP_ARTICLES, SCREENS);
  return sharedIndex;
}

function viewerOf(asker: Asker): ScreenViewer {
  return asker.kind === 'guest'
    ? { userType: 'guest', isAdmin: false }
    : { userType: asker.userType, isAdmin: asker.isAdmin };
}

/** Whether a guest would have to sign in to use the screen. */
const needsSignIn = (screen: Screen) => screen.audience !== 'everyone' && screen.audience !== 'guest';

export class LocalAssistant {
  async *reply(request: AssistantRequest): AsyncIterable<ReplyChunk> {
    if (request.signal.aborted) return;
    const reply = await this.compose(request);
    for (const chunk of reply.chunks()) {
      if (request.signal.aborted) return;
      yield chunk;
    }
  }

  private async compose(request: AssistantRequest): Promise<Reply> {
    const viewer = viewerOf(request.asker);
    const index = helpIndex();
    const text = correctTypos(normalise(request.message), INTENT_VOCABULARY, index.words);
    const intent = detectIntent(text);
    switch (intent.kind) {
      case 'greeting':
        return greeting(viewer, request.asker);
      case 'thanks':
        return new Reply(viewer).say(
          `You're welcome! If anything else comes up, the ${FAQ} and ${SUPPORT} are there too.`,
        );
      case 'cannot':
        return cannotDo(index, text, intent.action, viewer, request.context);
      case 'others':
        // "Is the customer's money safe?" asks about a rule, not about someone's data.
        if (!intent.byId && /^(is|are|does|do|how|what|when|can|will|who)\b/.test(text))
          return ruleAnswer(text, request.message, viewer) ?? othersData(viewer, intent.byId);
        return othersData(viewer, intent.byId);
      case 'own':
        return ownData(request, viewer, intent.tool);
      case 'help': {
        const previous = lastQuestion(request, index);
        return (
          // A rule or a figure is answered from the rules themselves, before any search.
          ruleAnswer(text, request.message, viewer) ??
          help(index, text, viewer, request.context) ??
          (previous ? help(index, `${previous} ${text}`, viewer, request.context) : null) ??
          fallback(viewer, request.context)
        );
      }
    }
  }
}

/**
 * The asker's previous message, so that a follow-up too short to answer alone ("and where is that?")
 * is searched with the question it follows.
 */
function lastQuestion(request: AssistantRequest, index: HelpIndex): string | undefined {
  const previous = request.history.findLast((turn) => turn.role === 'user');
  return previous && correctTypos(normalise(previous.content), INTENT_VOCABULARY, index.words);
}

function greeting(viewer: ScreenViewer, asker: Asker): Reply {
  const name = asker.kind === 'authenticated' && asker.firstName ? ` ${asker.firstName}` : '';
  const examples =
    viewer.userType === 'tradesperson'
      ? 'how to find jobs, which of your quotes are waiting, or when your money is released'
      : viewer.userType === 'customer'
        ? 'how to post a job, what quotes you have, or when your next booking is'
        : 'how to post a job, how payments are protected, or how to join as a tradesperson';
  return new Reply(viewer)
    .say(`Hi${name}! I can help you find your way around ${PRODUCT_NAME}: ask me ${examples}.`)
    .say(`The ${FAQ} and ${SUPPORT} are there too.`);
}

function fallback(viewer: ScreenViewer, context: AssistantContext): Reply {
  const reply = new Reply(viewer).say(
    "I'm not sure I can answer that. I can explain how TradeNest works, point you to the right screen, and tell you about your own jobs, quotes, messages, bookings and payments.",
  );
  const around = CONTEXTS[context];
  if (around && screenIsFor(screenAt(around.path), viewer))
    reply.say(around.nudge(screenLink(around.path, viewer)));
  return reply.say(`The ${FAQ} answers common questions, and ${SUPPORT} can help with anything else.`);
}

const screenAt = (path: string) => SCREENS.find((s) => s.path === path)!;

/** How much a document counts for this asker and context (0 leaves it out). */
function boostFor(viewer: ScreenViewer, context: AssistantContext) {
  const around = CONTEXTS[context];
  return (doc: HelpDoc) => {
    let boost = 1;
    if (doc.kind === 'screen') {
      const screen = doc.screen;
      if (!reachable(screen, viewer)) return 0;
      if (doc.side !== 'all' && (doc.side === 'tradesperson') !== (viewer.userType === 'tradesperson'))
        return 0;
      // When in doubt, a screen that works beats one that does not exist yet.
      if (!screen.available) boost *= UNAVAILABLE_BOOST;
      if (screen.audience === viewer.userType || (screen.audience === 'admin' && viewer.isAdmin))
        boost *= OWN_AUDIENCE_BOOST;
      if (around && screen.path === around.path) boost *= CONTEXT_BOOST;
    } else if (around?.sections.test(doc.article.section)) boost *= CONTEXT_BOOST;
    return boost;
  };
}

const goodEnough = (hit: HelpHit) => hit.coverage >= MIN_COVERAGE;

/** The first paragraphs of an article, enough to answer, links kept and the screens it names linked. */
function excerpt(article: HelpArticle, viewer: ScreenViewer): string {
  const kept: string[] = [];
  for (const paragraph of article.paragraphs) {
    if (kept.join(' ').length >= EXCERPT_CHARS) break;
    kept.push(keepAppLinks(paragraph));
  }
  return linkScreenNames(kept.join(' '), viewer);
}

/** The answer to a how-to or where-is question from the help and the screens, or null if none fits. */
function help(index: HelpIndex, text: string, viewer: ScreenViewer, context: AssistantContext): Reply | null {
  const hits = index.search(text, boostFor(viewer, context)).filter(goodEnough);
  const top = hits[0];
  if (!top) return null;
  if (top.doc.kind === 'screen' && !top.doc.screen.available)
    return notAvailable(top.doc.screen, hits, viewer);
  const articles = hits.flatMap((h) =>
    h.doc.kind === 'article' ? [{ hit: h, article: h.doc.article }] : [],
  );
  const screenHit = hits.find((h) => h.doc.kind === 'screen' && h.doc.screen.available);
  const screen = screenHit?.doc.kind === 'screen' ? screenHit.doc.screen : undefined;
  const { lead, companion } = choose(articles, screenHit, screen, text, viewer);

  const reply = new Reply(viewer);
  if (lead === 'article' && companion) {
    reply.say(excerpt(companion.article, viewer));
    const screenToo =
      screen &&
      screenHit &&
      !reply.links(screen.path) &&
      screenHit.coverage >= MIN_COVERAGE &&
      screenHit.score >= companion.hit.score * SCREEN_BESIDE_ARTICLE_AT;
    if (screenToo) reply.say(`Go to ${screenLink(screen.path, viewer)}.`);
    reply.say(`More in the ${articleLink(companion.article)}.`);
  } else if (screen) {
    reply.say(`Go to ${screenLink(screen.path, viewer)}: ${lowerFirst(describe(screen, viewer))}`);
    if (companion) reply.say(`More in the ${articleLink(companion.article)}.`);
    // A customer looking for a tradesperson can also let them come to them.
    if ((viewer.userType === 'customer' || viewer.userType === 'guest') && screen.path.startsWith('/browse'))
      reply.say(`Or ${link('post a job', '/post-job')} and let local tradespeople send you quotes.`);
  }
  if (viewer.userType === 'guest' && screen && reply.links(screen.path) && needsSignIn(screen))
    reply.say(`You'll need to sign in first: ${SIGN_IN}.`);

  const around = CONTEXTS[context];
  const related =
    top.doc.kind === 'screen'
      ? top.doc.screen.path === around?.path
      : around?.sections.test(top.doc.article.section);
  if (around && related && !reply.links(around.path) && screenIsFor(screenAt(around.path), viewer))
    reply.say(around.nudge(screenLink(around.path, viewer)));
  return reply;
}

type ArticleHit = { hit: HelpHit; article: HelpArticle };

const NAVIGATION = /\bwhere\b|\bhow (do|can|could) i (see|view|find|open|get to|check)\b/;

/**
 * Whether the article or the screen leads the reply, and which article goes in it (leading, or as a
 * "more in the FAQ" link beside the screen).
 * - "Where ...?" or "how do I see ...?" asks for a place: the screen leads.
 * - A screen the question names word for word ('post a job', 'more work') leads, unless an article
 *   explains it (links to it) or answers more of the question ('does it cost anything to post a
 *   job'); only such an article goes beside it.
 * - Otherwise the best article leads when it explains the screen or scores near it.
 */
function choose(
  articles: ArticleHit[],
  screenHit: HelpHit | undefined,
  screen: Screen | undefined,
  text: string,
  viewer: ScreenViewer,
): { lead: 'article' | 'screen'; companion: ArticleHit | undefined } {
  const best = articles[0];
  if (!screenHit || !screen) return { lead: 'article', companion: best };
  // An article explains a screen when it is about the question and its answer links to the screen.
  const explains = (a: ArticleHit) =>
    a.hit.topical >= MIN_COVERAGE && linksTo(excerpt(a.article, viewer), screen.path);
  const beside = best && best.hit.score >= screenHit.score * SECOND_LINK_AT ? best : undefined;
  if (NAVIGATION.test(text)) return { lead: 'screen', companion: beside };
  if (screenHit.phrase) {
    const explaining = articles.find(explains);
    if (explaining && best && explaining.hit.coverage >= best.hit.coverage)
      return { lead: 'article', companion: explaining };
    if (best && best.hit.coverage > screenHit.coverage) return { lead: 'article', companion: best };
    return { lead: 'screen', companion: undefined };
  }
  if (best && (explains(best) || best.hit.score >= screenHit.score * ARTICLE_LEADS_AT))
    return { lead: 'article', companion: best };
  return { lead: 'screen', companion: beside };
}

/** The question is about a screen that is not built yet: say so, and offer what exists. */
function notAvailable(screen: Screen, hits: HelpHit[], viewer: ScreenViewer): Reply {
  const reply = new Reply(viewer).say(
    `${screen.label} is not available in ${PRODUCT_NAME} yet, so I can't point you to it.`,
  );
  const instead = hits.find((h) => h.doc.kind === 'screen' && h.doc.screen.available);
  if (instead?.doc.kind === 'screen')
    reply.say(
      `${screenLink(instead.doc.screen.path, viewer)} may help: ${lowerFirst(describe(instead.doc.screen, viewer))}`,
    );
  return reply.say(`For anything else, ask ${SUPPORT}.`);
}

const articleLink = (article: HelpArticle) => link(PAGE_NAMES[article.page], article.path);

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const describe = (screen: Screen, viewer: ScreenViewer) =>
  (viewer.userType === 'tradesperson' && screen.tradespersonDescription) || screen.description;

function cannotDo(
  index: HelpIndex,
  text: string,
  action: Action,
  viewer: ScreenViewer,
  context: AssistantContext,
): Reply {
  const reply = new Reply(viewer).say(
    `I can't ${ACTIONS[action]} for you: I can explain and point you to the right place, but I can't pay, cancel, accept, message or change anything on your behalf.`,
  );
  const candidates = ACTION_SCREENS[action].filter((path) => reachable(screenAt(path), viewer));
  const hits = index.search(text, boostFor(viewer, context)).filter(goodEnough);
  const found = hits.find((h) => h.doc.kind === 'screen' && candidates.includes(h.doc.screen.path));
  const path = found?.doc.kind === 'screen' ? found.doc.screen.path : candidates[0];
  if (path) reply.say(`You can do it yourself in ${screenLink(path, viewer)}.`);
  // The rules of it, only from an article about all of the request ('cancel my booking').
  const article = hits.find((h) => h.doc.kind === 'article' && h.topical === 1);
  if (article?.doc.kind === 'article') reply.say(excerpt(article.doc.article, viewer));
  if (viewer.userType === 'guest' && path && needsSignIn(screenAt(path)))
    reply.say(`Sign in first: ${SIGN_IN}.`);
  return reply;
}

function othersData(viewer: ScreenViewer, byId: boolean): Reply {
  const reply = new Reply(viewer).say(
    byId
      ? "I can't look anything up by its id. I can only see your own jobs, quotes, messages, bookings and payments, never anyone else's."
      : "I can only see your own jobs, quotes, messages, bookings and payments: other people's are private, to me as much as to you.",
  );
  if (viewer.userType === 'guest') return reply.say(`Sign in to ask about yours: ${SIGN_IN}.`);
  return reply
    .say(`Ask me about yours, or see them in ${screenLink('/my-jobs', viewer)}.`)
    .say(`A tradesperson's public profile and reviews are on ${link('Reviews', '/reviews')}.`);
}

async function ownData(
  request: AssistantRequest,
  viewer: ScreenViewer,
  tool: AssistantToolName,
): Promise<Reply> {
  const reply = new Reply(viewer);
  const topic = TOOL_TOPICS[tool];
  if (viewer.userType === 'guest')
    return reply.say(`I can only see your own ${topic} once you're signed in: ${SIGN_IN}.`);
  if (!request.tools.list().some((t) => t.name === tool))
    return reply.say(
      `I can't check your ${topic} from here, but they are all in ${screenLink(TOOL_SCREENS[tool][viewer.userType], viewer)}.`,
    );
  // A failing tool fails the reply: the route logs it and shows the spec's error message.
  phraseToolResult(reply, tool, await request.tools.call(tool));
  return reply;
}
