import { describe, expect, it } from 'vitest';
import { telHref } from './api';

describe('telHref', () => {
  it.each([
    ['0113 496 0000', 'tel:+441134960000'],
    ['020 7946 0123', 'tel:+442079460123'],
    ['+44 113 496 0000', 'tel:+441134960000'],
    ['0044 113 496 0000', 'tel:+441134960000'],
    ['(0113) 496-0000', 'tel:+441134960000'],
  ])('dials %s as %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
