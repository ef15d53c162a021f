// The visitor's town and nearest postcode district, from their IP address, for the landing page's hero
// and postcode prefill (spec section 2). The database ships inside geoip-lite, so no third party ever
// sees a visitor's address.
//
// geoip-lite reads its whole database into Buffers (synchronously) the moment it is imported: 146 MB
// of RSS for the whole world. It is pointed at the UK cut of that database (uk-ip-data.ts), and imported
// on the first lookup of a public address rather than at start-up: a server that never sees one never
// pays for either.
import { BlockList, isIP } from 'node:net';
import type { GeoDirectory } from '../../../domain/geo/directory';
import { getGeoDirectory } from './uk-geography';
import { prepareUkIpData } from './uk-ip-data';

export interface VisitorLocation {
  city: string | null;
  /** Outward code of the nearest postcode district, e.g. `AL1`. */
  district: string | null;
}

export const UNKNOWN_LOCATION: Readonly<VisitorLocation> = Object.freeze({ city: null, district: null });

/** Beyond this the nearest district would be a guess rather than where the visitor is. */
export const DISTRICT_MAX_MILES = 15;

/** The part of a geoip-lite answer read here. Its `ll` is `[null, null]` when it has no point. */
export interface IpRecord {
  country: string;
  city: string;
  ll: readonly [number | null, number | null];
}

export type IpLookup = (ip: string) => IpRecord | null;

// Addresses no geolocation database can place: loopback, private, link-local, carrier-grade NAT and
// unspecified. Answering them without loading geoip-lite keeps local development, the test suite and
// requests from inside a private network from paying for its database. IPv4-mapped IPv6 addresses
// (::ffff:10.0.0.1) match the IPv4 rules.
const UNPLACEABLE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  UNPLACEABLE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  UNPLACEABLE.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP address that a geolocation database could place. */
export function isPlaceableAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  return !UNPLACEABLE.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

let loading: Promise<IpLookup> | undefined;

/**
 * geoip-lite's lookup, imported on the first call only, over the UK cut of its database
 * (uk-ip-data.ts: ~4 MB in memory instead of ~146 MB). Where the cut cannot be made (a read-only
 * node_modules) it reads geoip-lite's whole database, with a warning, and answers the same.
 */
export function loadIpLookup(prepare: () => Promise<string> = prepareUkIpData): Promise<IpLookup> {
  loading ??= prepare()
    .then(
      (dir) => {
        // geoip-lite's own setting, read once as it is imported: the folder its files are read from.
        (globalThis as { geodatadir?: string }).geodatadir = dir;
      },
      (error: unknown) => {
        process.emitWarning(
          `The UK cut of geoip-lite's database could not be made (${error instanceof Error ? error.message : error}); reading the whole database (~146 MB of memory)`,
        );
      },
    )
    .then(() => import('geoip-lite'))
    .then(
      (module) => {
        // A CommonJS package: Node hands its exports over as `default`.
        const geoip = module.default;
        return (ip: string) => geoip.lookup(ip);
      },
      (error: unknown) => {
        // Let a later request try again rather than remembering the failure for the life of the process.
        loading = undefined;
        throw error;
      },
    );
  return loading;
}

/** Turns a geoip-lite answer into what the API tells the visitor: UK answers only. */
export function visitorLocation(record: IpRecord | null, directory: GeoDirectory): VisitorLocation {
  if (record?.country !== 'GB') return { ...UNKNOWN_LOCATION };
  const city = record.city.trim() || null;
  // Without a town the record is country-level, and its point is one fixed default for the whole
  // country, which is no one's nearest district.
  if (!city) return { ...UNKNOWN_LOCATION };
  const [lat, lng] = record.ll;
  if (lat === null || lng === null) return { city, district: null };
  const district = directory.nearestOutcode({ lat, lng }, DISTRICT_MAX_MILES)?.outcode ?? null;
  return { city, district };
}

/**
 * Looks up an IP address (v4, v6 or v4-mapped v6); private and loopback addresses find nothing and
 * load nothing, not even the postcode directory.
 */
export async function locateIp(
  ip: string,
  directory: () => GeoDirectory = getGeoDirectory,
): Promise<VisitorLocation> {
  if (!isPlaceableAddress(ip)) return { ...UNKNOWN_LOCATION };
  const lookup = await loadIpLookup();
  return visitorLocation(lookup(ip), directory());
}
