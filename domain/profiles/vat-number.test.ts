import { describe, expect, it } from 'vitest';
import { UpdateProfileBody } from './schemas';
import { formatVatNumber, parseVatNumber, VAT_NUMBER_MESSAGES, vatCheckDigitsValid } from './vat-number';

describe('a UK VAT number', () => {
  it("passes HMRC's check digits, old style (mod 97) and new style (+55)", () => {
    // 9×8 + 8×7 + 0 + 7×5 + 8×4 + 0 + 6×2 = 207, + 84 = 291 = 3 × 97
    expect(vatCheckDigitsValid('980780684')).toBe(true);
    // 1×8 + 0 + 0 + 0 + 0 + 0 + 0 = 8, + 34 = 42, + 55 = 97
    expect(vatCheckDigitsValid('100000034')).toBe(true);
    expect(vatCheckDigitsValid('980780685')).toBe(false);
    expect(vatCheckDigitsValid('12345678')).toBe(false);
  });

  it.each([
    ['GB980780684', 'GB980780684'],
    ['gb 980 7806 84', 'GB980780684'],
    ['980-7806-84', 'GB980780684'],
    ['GB 980 7806 84 001', 'GB980780684001'],
    ['GBGD001', 'GBGD001'],
    ['gbha599', 'GBHA599'],
  ])('normalises %s to %s', (input, stored) => {
    expect(parseVatNumber(input)).toEqual({ ok: true, vatNumber: stored });
  });

  it.each([
    ['GB12345678', VAT_NUMBER_MESSAGES.format],
    ['FR980780684', VAT_NUMBER_MESSAGES.format],
    ['GBGD500', VAT_NUMBER_MESSAGES.format],
    ['GBHA001', VAT_NUMBER_MESSAGES.format],
    ['GB980780685', VAT_NUMBER_MESSAGES.checkDigits],
    ['GB980780685001', VAT_NUMBER_MESSAGES.checkDigits],
  ])('refuses %s', (input, message) => {
    expect(parseVatNumber(input)).toEqual({ ok: false, message });
  });

  it('is written as HMRC prints it', () => {
    expect(formatVatNumber('GB980780684')).toBe('GB 980 7806 84');
    expect(formatVatNumber('GB980780684001')).toBe('GB 980 7806 84 001');
    expect(formatVatNumber('GBGD001')).toBe('GBGD001');
  });

  it('is optional on the Edit Profile form, blank meaning not registered', () => {
    const base = { trade: 'Plumber', serviceRadiusMiles: 15 };
    expect(UpdateProfileBody.parse({ ...base, vatNumber: ' ' }).vatNumber).toBeNull();
    expect(UpdateProfileBody.parse(base).vatNumber).toBeNull();
    expect(UpdateProfileBody.parse({ ...base, vatNumber: 'gb980 780 684' }).vatNumber).toBe('GB980780684');
    const wrong = UpdateProfileBody.safeParse({ ...base, vatNumber: 'GB980780685' });
    expect(wrong.success ? null : wrong.error.issues[0]).toMatchObject({
      path: ['vatNumber'],
      message: 'That VAT number is not valid: please check the digits',
    });
  });
});
