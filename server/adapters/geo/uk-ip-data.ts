// geoip-lite's database cut down to what the visitor lookup can use: UK addresses that have a town.
//
// geoip-lite reads all of its GeoLite2 City files into memory when it is imported: 146 MB (76 MB of
// IPv4 ranges, 59 MB of IPv6, 10 MB of place names), measured as +142-150 MB of RSS on the first
// public address a server sees. The visitor lookup answers only for the UK, and only with a town, so
// everything else in those files can never change an answer (ip-location.ts, visitorLocation). This
// module writes the UK ranges with a town and only the places they name (in geoip-lite 1.4.10: 128,129
// of 3,183,697 IPv4 ranges, 17,238 of 1,239,410 IPv6 ranges, 3,280 of 115,846 places) in geoip-lite's
// own file format, and the lookup points geoip-lite at that folder: the same code searches 4 MB
// instead of 146.
//
// The answers are geoip-lite's own, with one exception: geoip-lite compares only the first 64 bits of
// an IPv6 address, and where two neighbouring ranges overlap at 64 bits (75 places in 1.4.10's file) its
// answer depends on where its binary search lands, so the cut's search may pick the other range. Over
// every UK range of the cut and 300,000 random IPv4 addresses, nothing else differed (bench/README.md).
//
// The cut is made once per copy of the source files (a deployment may refresh them with geoip-lite's
// `updatedb`), beside the embedded database's template in node_modules/.cache, and read by every start
// after. It streams each source file through a buffer of 16,384 records (at most 1.4 MB), so it never
// holds one whole: 0.2-0.5 s of CPU on this machine, busy or not.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** geoip-lite's lib/ folder, found as Node finds the package (from the sources or the compiled server). */
const geoipLib = () => path.dirname(createRequire(import.meta.url).resolve('geoip-lite'));

/** node_modules/.cache/tradenest of the node_modules geoip-lite is installed in, as for the PGlite template. */
const defaultCacheRoot = () => path.resolve(geoipLib(), '../../.cache/tradenest');

/** geoip-lite's record layouts (lib/geoip.js): a place, an IPv4 range and an IPv6 range of its city files. */
const PLACE_BYTES = 88;
const PLACE_COUNTRY = [0, 2] as const;
const PLACE_CITY = [42, 88] as const;
const PLACES_FILE = 'geoip-city-names.dat';
/** Each range file: its name, the bytes of a range, and where in a range its place's number is. */
const RANGES = {
  ipv4: { file: 'geoip-city.dat', bytes: 24, placeAt: 8 },
  ipv6: { file: 'geoip-city6.dat', bytes: 48, placeAt: 32 },
} as const;
type RangeLayout = (typeof RANGES)[keyof typeof RANGES];

/** Where geoip-lite reads its data unless told otherwise: its GEODATADIR (relative to its lib/), else its own data/. */
export function geoipSourceDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(geoipLib(), env.GEODATADIR || '../data/');
}

/** The place's country is 'GB' (its two bytes compared, as this runs for each of ~116,000 places). */
const isUk = (place: Buffer) => place[PLACE_COUNTRY[0]] === 0x47 && place[PLACE_COUNTRY[0] + 1] === 0x42;

const text = (record: Buffer, [from, to]: readonly [number, number]) =>
  record.toString('utf8', from, to).replace(/\0.*/s, '');

/** The folder the cut of these source files goes to: a new copy of the sources makes a new folder. */
export function ukIpDataDir(sourceDir: string, cacheRoot = defaultCacheRoot()) {
  const hash = createHash('sha256').update(sourceDir);
  for (const file of [PLACES_FILE, RANGES.ipv4.file, RANGES.ipv6.file]) {
    const { size, mtimeMs } = statSync(path.join(sourceDir, file));
    hash.update(`${file}:${size}:${mtimeMs}`);
  }
  return path.join(cacheRoot, `geoip-uk-${hash.digest('hex').slice(0, 12)}`);
}

export interface UkIpDataCounts {
  places: number;
  ipv4: number;
  ipv6: number;
}

/** Records read at a time: 768 KB of IPv6 ranges, 1.4 MB of places. */
const CHUNK_RECORDS = 16_384;

/**
 * Calls `each` with every chunk of whole records of `file`, in order, reading CHUNK_RECORDS at a time
 * into one buffer (so the file is never held whole); `each` may change the chunk it is given.
 */
async function forEachChunk(
  file: string,
  recordBytes: number,
  each: (chunk: Buffer) => Promise<void> | void,
) {
  const input = await open(file, 'r');
  const chunk = Buffer.alloc(recordBytes * CHUNK_RECORDS);
  try {
    for (let position = 0; ; ) {
      const { bytesRead } = await input.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return;
      if (bytesRead % recordBytes !== 0)
        throw new Error(`${file}: not a whole number of ${recordBytes}-byte records`);
      position += bytesRead;
      await each(chunk.subarray(0, bytesRead));
    }
  } finally {
    await input.close();
  }
}

/**
 * Moves the ranges of `chunk` whose place is kept to its start, each with its place's new number, and
 * returns their length in bytes. Ranges with no place (geoip-lite's 0xffffffff) or a place not kept are
 * dropped. (A function of its own, not a closure: it runs for each of 4.4 million ranges.)
 */
function keepRanges(chunk: Buffer, recordBytes: number, placeAt: number, kept: Int32Array): number {
  let length = 0;
  for (let at = 0; at < chunk.length; at += recordBytes) {
    const place = kept[chunk.readUInt32BE(at + placeAt)] ?? -1;
    if (place === -1) continue;
    chunk.copy(chunk, length, at, at + recordBytes);
    chunk.writeUInt32BE(place, length + placeAt);
    length += recordBytes;
  }
  return length;
}

/**
 * Copies the records of `source` whose place is kept, with the place's new number. Records stay in the
 * source's order, which is the order geoip-lite's binary search needs.
 */
async function copyRanges(
  sourceDir: string,
  targetDir: string,
  { file, bytes, placeAt }: RangeLayout,
  kept: Int32Array,
) {
  const output = await open(path.join(targetDir, file), 'w');
  let copied = 0;
  try {
    await forEachChunk(path.join(sourceDir, file), bytes, async (chunk) => {
      const length = keepRanges(chunk, bytes, placeAt, kept);
      if (length > 0) await output.write(chunk, 0, length);
      copied += length / bytes;
    });
  } finally {
    await output.close();
  }
  return copied;
}

/**
 * Writes the UK cut of the geoip-lite files in `sourceDir` to `targetDir`, through a folder of its own
 * renamed into place, so two servers starting together never read half of one.
 */
export async function writeUkIpData(sourceDir: string, targetDir: string): Promise<UkIpDataCounts> {
  const scratch = `${targetDir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(scratch, { recursive: true });
  try {
    const placesFile = path.join(sourceDir, PLACES_FILE);
    // The new number of each source place, -1 for a place dropped.
    const kept = new Int32Array(statSync(placesFile).size / PLACE_BYTES).fill(-1);
    const keptPlaces: Buffer[] = [];
    let id = 0;
    await forEachChunk(placesFile, PLACE_BYTES, (chunk) => {
      for (let at = 0; at < chunk.length; at += PLACE_BYTES, id++) {
        const place = chunk.subarray(at, at + PLACE_BYTES);
        if (!isUk(place) || !text(place, PLACE_CITY).trim()) continue;
        kept[id] = keptPlaces.length;
        keptPlaces.push(Buffer.from(place));
      }
    });
    await writeFile(path.join(scratch, PLACES_FILE), Buffer.concat(keptPlaces));
    const counts: UkIpDataCounts = {
      places: keptPlaces.length,
      ipv4: await copyRanges(sourceDir, scratch, RANGES.ipv4, kept),
      ipv6: await copyRanges(sourceDir, scratch, RANGES.ipv6, kept),
    };
    // geoip-lite falls back to its country files for an empty city file, and this folder has none.
    if (counts.ipv4 === 0 || counts.ipv6 === 0) throw new Error(`no UK ranges with a town in ${sourceDir}`);
    try {
      await rename(scratch, targetDir);
    } catch (error) {
      // Another server made the same cut meanwhile: theirs is as good as ours.
      if (!existsSync(targetDir)) throw error;
    }
    await removeOtherCuts(targetDir);
    return counts;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A cut being written for longer than this was left by a process that died while writing it. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * Removes the cuts of earlier copies of the database beside `current`, and scratch folders abandoned
 * by a process that died while writing one. geoip-lite reads its files whole when it is imported, so a
 * server still running on an earlier cut no longer needs its folder.
 */
async function removeOtherCuts(current: string) {
  const folder = path.dirname(current);
  for (const name of await readdir(folder)) {
    const other = path.join(folder, name);
    if (!name.startsWith('geoip-uk-') || other === current) continue;
    if (name.includes('.tmp-')) {
      const written = await stat(other).then(
        (s) => s.mtimeMs,
        () => null,
      );
      // Still being written by another server, or gone already.
      if (written === null || Date.now() - written < ABANDONED_AFTER_MS) continue;
    }
    await rm(other, { recursive: true, force: true });
  }
}

let preparing: Promise<string> | undefined;

/**
 * The folder of the UK cut for geoip-lite's current data, made on the first call of a process if no
 * earlier start made it. A failure is not remembered: the next call tries again.
 */
export function prepareUkIpData(sourceDir = geoipSourceDir()): Promise<string> {
  preparing ??= (async () => {
    const dir = ukIpDataDir(sourceDir);
    if (!existsSync(dir)) await writeUkIpData(sourceDir, dir);
    return dir;
  })().catch((error: unknown) => {
    preparing = undefined;
    throw error;
  });
  return preparing;
}
