import { PRODUCT_NAME } from '../../../domain/catalog/catalog';
import type { Config } from '../../config/config';
import { escapeHtml } from '../../lib/html';
import { type DiscoveryDeps, profileForVisitor } from './tradespeople.service';

// Link previews for public profiles: crawlers that unfurl a shared /tradesperson/{id} link do not run
// the web app, so the server writes the profile's title, description and picture into the page head.

const PROFILE_PAGE = /^\/tradesperson\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const DESCRIPTION_MAX = 200;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * The head tags of a public profile page, or null for any other path and for a profile a visitor may
 * not see (the plain shell then goes out, saying nothing about whether the id exists).
 */
export function profilePageHead(deps: DiscoveryDeps & { config: Pick<Config, 'appUrl'> }) {
  return async (pathname: string): Promise<string | null> => {
    const id = PROFILE_PAGE.exec(pathname)?.[1]?.toLowerCase();
    if (!id) return null;
    const profile = await profileForVisitor(deps, id);
    if (!profile) return null;

    const name = profile.name ?? `A ${PRODUCT_NAME} tradesperson`;
    const trade = profile.trade ?? 'Tradesperson';
    const title = `${name}, ${trade} in ${profile.where} | ${PRODUCT_NAME}`;
    const rated =
      profile.reviewCount > 0
        ? ` Rated ${profile.rating.toFixed(1)} from ${profile.reviewCount} ${profile.reviewCount === 1 ? 'review' : 'reviews'}.`
        : '';
    const description = clip(
      `${trade} in ${profile.where}.${rated}${profile.bio ? ` ${profile.bio.replace(/\s+/g, ' ').trim()}` : ''}`,
      DESCRIPTION_MAX,
    );
    const image = profile.avatarUrl.startsWith('/')
      ? `${deps.config.appUrl}${profile.avatarUrl}`
      : profile.avatarUrl;
    const url = `${deps.config.appUrl}/tradesperson/${profile.id}`;

    const meta = (attribute: 'name' | 'property', key: string, content: string) =>
      `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
    return [
      `<title>${escapeHtml(title)}</title>`,
      meta('name', 'description', description),
      meta('property', 'og:type', 'profile'),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      meta('property', 'og:image', image),
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', image),
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ].join('\n    ');
  };
}
