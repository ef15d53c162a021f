import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { geoipSourceDir, ukIpDataDir, writeUkIpData } from './uk-ip-data';

const scratch = mkdtempSync(path.join(tmpdir(), 'uk-ip-data-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * What the visitor lookup reads of geoip-lite's answer for each address (ip-location.ts,
 * visitorLocation): the town and point of a UK record with a town, else nothing. Asked of geoip-lite
 * itself, in a process of its own, reading the files in `dataDir`.
 */
function answers(dataDir: string, ips: string[]): unknown[] {
  const script = `
    const geoip = require('geoip-lite');
    const ips = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const seen = ips.map((ip) => {
      const r = geoip.lookup(ip);
      return r && r.country === 'GB' && r.city.trim() ? [r.city, r.ll[0], r.ll[1]] : null;
    });
    process.stdout.write(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['-e', script], {
    input: JSON.stringify(ips),
    env: { ...process.env, GEODATADIR: dataDir },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

const place = (country: string, city: string) => {
  const record = Buffer.alloc(88);
  record.write(country, 0);
  record.write(city, 42);
  return record;
};
const ipv4Range = (from: number, to: number, placeId: number, lat: number, lng: number) => {
  const record = Buffer.alloc(24);
  record.writeUInt32BE(from, 0);
  record.writeUInt32BE(to, 4);
  record.writeUInt32BE(placeId, 8);
  record.writeInt32BE(lat * 10_000, 12);
  record.writeInt32BE(lng * 10_000, 16);
  return record;
};
const ipv6Range = (fromHigh: number, toHigh: number, placeId: number, lat: number, lng: number) => {
  const record = Buffer.alloc(48);
  record.writeUInt32BE(fromHigh, 0);
  record.writeUInt32BE(toHigh, 16);
  record.writeUInt32BE(placeId, 32);
  record.writeInt32BE(lat * 10_000, 36);
  record.writeInt32BE(lng * 10_000, 40);
  return record;
};
const ipv4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

describe('the UK cut of geoip-lite', () => {
  it('keeps only UK ranges with a town, renumbers their places, and geoip-lite answers from it as before', async () => {
    const source = path.join(scratch, 'made-up');
    mkdirSync(source);
    // Places: 0 Leeds (GB), 1 Paris (FR), 2 GB with no town, 3 Bristol (GB).
    writeFileSync(
      path.join(source, 'geoip-city-names.dat'),
      Buffer.concat([place('GB', 'Leeds'), place('FR', 'Paris'), place('GB', ''), place('GB', 'Bristol')]),
    );
    writeFileSync(
      path.join(source, 'geoip-city.dat'),
      Buffer.concat([
        ipv4Range(0x01000000, 0x010000ff, 1, 48.85, 2.35), // 1.0.0.0/24 Paris
        ipv4Range(0x02000000, 0x020000ff, 0, 53.8, -1.55), // 2.0.0.0/24 Leeds
        ipv4Range(0x03000000, 0x030000ff, 2, 51.5, -0.13), // 3.0.0.0/24 the UK, no town
        ipv4Range(0x04000000, 0x040000ff, 0xffffffff, 0, 0), // 4.0.0.0/24 no place at all
        ipv4Range(0x05000000, 0x050000ff, 3, 51.45, -2.59), // 5.0.0.0/24 Bristol
      ]),
    );
    writeFileSync(
      path.join(source, 'geoip-city6.dat'),
      Buffer.concat([
        ipv6Range(0x2a000000, 0x2a00ffff, 3, 51.45, -2.59), // 2a00::/16 Bristol
        ipv6Range(0x2b000000, 0x2b00ffff, 1, 48.85, 2.35), // 2b00::/16 Paris
      ]),
    );

    const cut = path.join(scratch, 'made-up-cut');
    expect(await writeUkIpData(source, cut)).toEqual({ places: 2, ipv4: 2, ipv6: 1 });
    const places = readFileSync(path.join(cut, 'geoip-city-names.dat'));
    expect(places.length).toBe(2 * 88);
    expect(places.subarray(42, 47).toString()).toBe('Leeds');
    expect(places.subarray(88 + 42, 88 + 49).toString()).toBe('Bristol');

    const ips = [
      '1.0.0.7',
      '2.0.0.7',
      '3.0.0.7',
      '4.0.0.7',
      '5.0.0.7',
      '6.0.0.7',
      '2a00::1',
      '2b00::1',
      '::ffff:5.0.0.9',
    ];
    const expected = [null, ['Leeds', 53.8, -1.55], null, null, ['Bristol', 51.45, -2.59], null];
    expected.push(['Bristol', 51.45, -2.59], null, ['Bristol', 51.45, -2.59]);
    expect(answers(source, ips)).toEqual(expected);
    expect(answers(cut, ips)).toEqual(expected);
  });

  it("gives the visitor lookup the same answers as geoip-lite's whole database, for UK and other addresses", async () => {
    const source = geoipSourceDir({});
    const cut = path.join(scratch, 'real-cut');
    const counts = await writeUkIpData(source, cut);
    expect(counts.ipv4).toBeGreaterThan(10_000);
    expect(counts.ipv6).toBeGreaterThan(1_000);

    // geoip-lite compares the first 64 bits of an IPv6 address. Where two neighbouring ranges of the
    // whole file overlap at 64 bits (75 places in geoip-lite 1.4.10) its answer depends on where its
    // binary search lands, not on the address, and the cut's search may land on the other range: those
    // prefixes are left out of the comparison.
    const whole6 = readFileSync(path.join(source, 'geoip-city6.dat'));
    const high64 = (b: Buffer, at: number) =>
      (BigInt(b.readUInt32BE(at)) << 32n) | BigInt(b.readUInt32BE(at + 4));
    const ambiguous: [bigint, bigint][] = [];
    for (let at = 0; at + 96 <= whole6.length; at += 48) {
      const to = high64(whole6, at + 16);
      const nextFrom = high64(whole6, at + 48);
      if (to >= nextFrom) ambiguous.push([nextFrom, to]);
    }
    expect(ambiguous.length).toBeLessThan(1_000);

    // Addresses inside the cut's ranges (so the UK answers are compared), their IPv4-mapped IPv6
    // forms, and addresses anywhere (nearly all outside the UK, some in UK ranges without a town).
    const v4 = readFileSync(path.join(cut, 'geoip-city.dat'));
    const v6 = readFileSync(path.join(cut, 'geoip-city6.dat'));
    const ips: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const at = randomInt(v4.length / 24) * 24;
      const from = v4.readUInt32BE(at);
      const to = v4.readUInt32BE(at + 4);
      const ip = ipv4(from + randomInt(Math.min(to - from + 1, 2 ** 32 - 1)));
      ips.push(ip, `::ffff:${ip}`);
    }
    for (let i = 0; i < 2_000; i++) {
      const at = randomInt(v6.length / 48) * 48;
      const prefix = high64(v6, at);
      if (ambiguous.some(([from, to]) => prefix >= from && prefix <= to)) continue;
      const groups = [0, 1, 2, 3].map((g) => ((prefix >> BigInt(48 - 16 * g)) & 0xffffn).toString(16));
      ips.push(`${groups.join(':')}::1`);
    }
    for (let i = 0; i < 20_000; i++) ips.push(ipv4(randomInt(2 ** 32 - 1)));

    const whole = answers(source, ips);
    expect(answers(cut, ips)).toEqual(whole);
    // The comparison covered UK towns, not only addresses that find nothing in either.
    expect(whole.filter((a) => a !== null).length).toBeGreaterThan(4_000);
  }, 60_000);

  it("removes earlier cuts and abandoned scratch folders once it has made its own, not another server's work", async () => {
    const cache = path.join(scratch, 'cache');
    const earlier = path.join(cache, 'geoip-uk-000000000001');
    const abandoned = path.join(cache, 'geoip-uk-000000000002.tmp-1-1');
    const inProgress = path.join(cache, 'geoip-uk-000000000003.tmp-2-2');
    const unrelated = path.join(cache, 'pglite-template');
    for (const dir of [earlier, abandoned, inProgress, unrelated]) mkdirSync(dir, { recursive: true });
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    utimesSync(abandoned, elevenMinutesAgo, elevenMinutesAgo);

    const current = path.join(cache, 'geoip-uk-000000000004');
    await writeUkIpData(path.join(scratch, 'made-up'), current);
    expect(readdirSync(cache).sort()).toEqual(
      [path.basename(current), path.basename(inProgress), path.basename(unrelated)].sort(),
    );
  });

  it('makes a new folder when the source files change, as a refresh of the database would', () => {
    const source = path.join(scratch, 'made-up');
    const before = ukIpDataDir(source, scratch);
    writeFileSync(path.join(source, 'geoip-city6.dat'), Buffer.alloc(0));
    expect(ukIpDataDir(source, scratch)).not.toBe(before);
    expect(path.dirname(before)).toBe(scratch);
  });
});
