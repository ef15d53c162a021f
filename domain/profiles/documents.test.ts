import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, uploadDocumentSchema } from './documents';

const schema = uploadDocumentSchema(() => '2026-06-15');
const first = (input: object) => {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('the document upload fields', () => {
  it('gives an untitled document its kind’s name', () => {
    expect(schema.parse({ kind: 'photo_id' })).toEqual({
      kind: 'photo_id',
      title: 'Photo ID',
      expiresOn: null,
    });
    expect(schema.parse({ kind: 'accreditation', title: '  Gas Safe Register ' })).toMatchObject({
      title: 'Gas Safe Register',
    });
  });

  it('needs an expiry date on insurance, today or later', () => {
    expect(first({ kind: 'insurance' })).toBe(DOCUMENT_MESSAGES.expiryRequired);
    expect(first({ kind: 'insurance', expiresOn: '' })).toBe('Please enter the insurance expiry date');
    expect(first({ kind: 'insurance', expiresOn: '2026-06-14' })).toBe(
      'The expiry date cannot be in the past',
    );
    expect(schema.parse({ kind: 'insurance', expiresOn: '2026-06-15' }).expiresOn).toBe('2026-06-15');
  });

  it('ignores an expiry date sent with a kind that has none, whatever it says', () => {
    for (const expiresOn of ['2026-06-14', 'soon', '2027-06-30']) {
      expect(schema.parse({ kind: 'photo_id', expiresOn })).toEqual({
        kind: 'photo_id',
        title: 'Photo ID',
        expiresOn: null,
      });
      expect(schema.parse({ kind: 'accreditation', expiresOn }).expiresOn).toBeNull();
    }
  });

  it.each([
    [{ kind: 'passport' }, 'Please choose the type of document'],
    [{}, 'Please choose the type of document'],
    [{ kind: 'photo_id', title: 'x'.repeat(101) }, 'Title must be less than 100 characters'],
    [{ kind: 'insurance', expiresOn: '15/06/2027' }, 'Please enter a valid expiry date'],
    [{ kind: 'insurance', expiresOn: '2027-02-30x' }, 'Please enter a valid expiry date'],
  ])('refuses %j with its message', (input, message) => {
    expect(first(input)).toBe(message);
  });
});
