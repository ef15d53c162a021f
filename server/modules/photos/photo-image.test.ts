import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffPhotoType } from './photo-image';

/** An ISO-BMFF file's start: an 'ftyp' box with a major brand and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.alloc(32)]);
}

describe('sniffPhotoType', () => {
  it('knows JPEG, PNG and WebP by their magic numbers', () => {
    expect(sniffPhotoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffPhotoType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffPhotoType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
  });

  it('knows HEIC by its ftyp brands, major or compatible, and HEIF by mif1/msf1', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']) {
      expect(sniffPhotoType(ftyp(brand))).toBe('image/heic');
      expect(sniffPhotoType(ftyp('mif1', brand))).toBe('image/heic');
    }
    expect(sniffPhotoType(ftyp('mif1'))).toBe('image/heif');
    expect(sniffPhotoType(ftyp('msf1', 'iso8'))).toBe('image/heif');
    const fixture = readFileSync(path.join(import.meta.dirname, 'fixtures', 'small.heic'));
    expect(sniffPhotoType(fixture)).toBe('image/heic');
  });

  it('refuses AVIF (it says mif1 too), other ISO-BMFF files, PDFs, GIFs and text', () => {
    expect(sniffPhotoType(ftyp('avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffPhotoType(ftyp('mif1', 'avif'))).toBeNull();
    expect(sniffPhotoType(ftyp('isom', 'mp41'))).toBeNull();
    expect(sniffPhotoType(Buffer.from('%PDF-1.4\n'))).toBeNull();
    expect(sniffPhotoType(Buffer.from('GIF89a\0\0'))).toBeNull();
    expect(sniffPhotoType(Buffer.from('just some words in a .jpg'))).toBeNull();
    expect(sniffPhotoType(Buffer.alloc(0))).toBeNull();
  });
});
