import { describe, expect, it } from 'vitest';
import { TRADES } from '../catalog/catalog';
import {
  hasTag,
  normaliseTag,
  PROFILE_MESSAGES,
  SetupDetailsBody,
  SetupServicesBody,
  UpdateProfileBody,
} from './schemas';

const valid = {
  trade: 'Plumber',
  bio: '  Friendly local plumber.  ',
  yearsExperience: '12',
  hourlyRateMin: '40',
  hourlyRateMax: 60,
  specialties: ['Boilers', ' Leaks '],
  serviceAreas: ['Salford'],
  basePostcode: 'm1 1ae',
  serviceRadiusMiles: '25',
};

const firstMessage = (
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  input: unknown,
) => {
  const result = schema.safeParse(input) as
    | { success: true }
    | { success: false; error: { issues: { message: string }[] } };
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the Edit Profile schema', () => {
  it('normalises a valid profile: numbers, trimmed text and tags, postcode', () => {
    expect(UpdateProfileBody.parse(valid)).toEqual({
      trade: 'Plumber',
      bio: 'Friendly local plumber.',
      yearsExperience: 12,
      hourlyRateMin: 40,
      hourlyRateMax: 60,
      specialties: ['Boilers', 'Leaks'],
      serviceAreas: ['Salford'],
      basePostcode: 'M1 1AE',
      serviceRadiusMiles: 25,
      vatNumber: null,
    });
  });

  it('accepts every one of the spec’s ten trades and nothing else', () => {
    for (const trade of TRADES) expect(UpdateProfileBody.safeParse({ ...valid, trade }).success).toBe(true);
    expect(firstMessage(UpdateProfileBody, { ...valid, trade: 'Juggler' })).toBe(PROFILE_MESSAGES.trade);
    expect(firstMessage(UpdateProfileBody, { ...valid, trade: '' })).toBe(PROFILE_MESSAGES.trade);
    expect(firstMessage(UpdateProfileBody, { ...valid, trade: undefined })).toBe('Please select your trade');
  });

  it('turns empty rates, years, bio and postcode into null', () => {
    expect(
      UpdateProfileBody.parse({
        ...valid,
        bio: '   ',
        yearsExperience: '',
        hourlyRateMin: null,
        hourlyRateMax: ' ',
        basePostcode: '',
        specialties: undefined,
        serviceAreas: null,
      }),
    ).toMatchObject({
      bio: null,
      yearsExperience: null,
      hourlyRateMin: null,
      hourlyRateMax: null,
      basePostcode: null,
      specialties: [],
      serviceAreas: [],
    });
  });

  it.each([
    [{ hourlyRateMin: '12.5' }, 'Hourly rates must be whole pounds'],
    [{ hourlyRateMin: 'forty' }, 'Hourly rates must be whole pounds'],
    [{ hourlyRateMax: '1e3' }, 'Hourly rates must be whole pounds'],
    [{ hourlyRateMin: -5 }, 'Hourly rates must be between £0 and £1,000'],
    [{ hourlyRateMax: '1001' }, 'Hourly rates must be between £0 and £1,000'],
    [
      { hourlyRateMin: '80', hourlyRateMax: '60' },
      'Maximum rate must be greater than or equal to minimum rate',
    ],
    [{ yearsExperience: '2.5' }, 'Years of experience must be a whole number'],
    [{ yearsExperience: '81' }, 'Years of experience must be between 0 and 80'],
    [{ bio: 'x'.repeat(2001) }, 'Bio must be less than 2000 characters'],
    [{ basePostcode: 'nowhere' }, 'Invalid UK postcode format'],
    [{ basePostcode: 'SW1A 1AA ABCDEF' }, 'Postcode is too long'],
    [{ serviceRadiusMiles: '0' }, 'Service radius must be a whole number of miles from 1 to 200'],
    [{ serviceRadiusMiles: '201' }, 'Service radius must be a whole number of miles from 1 to 200'],
    [{ serviceRadiusMiles: '10.5' }, 'Service radius must be a whole number of miles from 1 to 200'],
    [{ serviceRadiusMiles: '' }, 'Service radius must be a whole number of miles from 1 to 200'],
    [{ specialties: ['x'.repeat(51)] }, 'Each specialty must be 50 characters or fewer'],
    [{ specialties: Array.from({ length: 21 }, (_, i) => `S${i}`) }, 'You can add up to 20 specialties'],
    [{ serviceAreas: ['y'.repeat(51)] }, 'Each service area must be 50 characters or fewer'],
    [{ serviceAreas: Array.from({ length: 21 }, (_, i) => `A${i}`) }, 'You can add up to 20 service areas'],
  ])('refuses %j with its message', (change, message) => {
    expect(firstMessage(UpdateProfileBody, { ...valid, ...change })).toBe(message);
  });

  it('reports the first field on the form first', () => {
    expect(firstMessage(UpdateProfileBody, { ...valid, trade: '', basePostcode: 'nowhere' })).toBe(
      PROFILE_MESSAGES.trade,
    );
  });

  it('keeps tags trimmed and unique regardless of letter case, in the order first given', () => {
    const parsed = UpdateProfileBody.parse({
      ...valid,
      specialties: ['  Boiler   repair ', 'boiler repair', '', 'Leaks', 'LEAKS'],
    });
    expect(parsed.specialties).toEqual(['Boiler repair', 'Leaks']);
  });

  it('counts tags after duplicates are removed', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `Tag ${i}`);
    expect(UpdateProfileBody.parse({ ...valid, specialties: [...twenty, 'tag 0'] }).specialties).toHaveLength(
      20,
    );
  });
});

describe('tag helpers', () => {
  it('compares tags without regard to case or spacing', () => {
    expect(normaliseTag('  Boiler \t repair ')).toBe('Boiler repair');
    expect(hasTag(['Boiler repair'], 'BOILER  REPAIR')).toBe(true);
    expect(hasTag(['Boiler repair'], 'Boilers')).toBe(false);
  });
});

describe('Business Setup schemas', () => {
  const details = {
    businessName: ' Pipes Ltd ',
    phone: '07700 900123',
    basePostcode: 'ls1 4ap',
    serviceRadiusMiles: 15,
  };

  it('normalises business details', () => {
    expect(SetupDetailsBody.parse(details)).toEqual({
      businessName: 'Pipes Ltd',
      phone: '07700 900123',
      basePostcode: 'LS1 4AP',
      serviceRadiusMiles: 15,
    });
    expect(SetupDetailsBody.parse({ ...details, businessName: '', phone: '' })).toMatchObject({
      businessName: null,
      phone: null,
    });
  });

  it.each(['0161 496 0000', '+44 7700 900123', '+44 (0)161 496 0000', '07700-900-123'])(
    'accepts the UK phone number %s',
    (phone) => {
      expect(SetupDetailsBody.safeParse({ ...details, phone }).success).toBe(true);
    },
  );

  it.each([
    [{ phone: '12345' }, 'Please enter a valid UK phone number'],
    [{ phone: '+33 1 23 45 67 89' }, 'Please enter a valid UK phone number'],
    [{ basePostcode: '' }, 'Please enter your base postcode'],
    [{ basePostcode: undefined }, 'Please enter your base postcode'],
    [{ basePostcode: 'nowhere' }, 'Invalid UK postcode format'],
    [{ businessName: 'x'.repeat(101) }, 'Business name must be less than 100 characters'],
    [{ serviceRadiusMiles: 500 }, 'Service radius must be a whole number of miles from 1 to 200'],
  ])('refuses details %j with its message', (change, message) => {
    expect(firstMessage(SetupDetailsBody, { ...details, ...change })).toBe(message);
  });

  it('validates services and pricing like Edit Profile', () => {
    const services = { trade: 'Roofer', specialties: ['Flat roofs'], hourlyRateMin: '', hourlyRateMax: '45' };
    expect(SetupServicesBody.parse(services)).toEqual({
      trade: 'Roofer',
      specialties: ['Flat roofs'],
      hourlyRateMin: null,
      hourlyRateMax: 45,
      yearsExperience: null,
      bio: null,
    });
    expect(firstMessage(SetupServicesBody, { ...services, trade: undefined })).toBe(PROFILE_MESSAGES.trade);
    expect(firstMessage(SetupServicesBody, { ...services, hourlyRateMin: '50' })).toBe(
      PROFILE_MESSAGES.rateOrder,
    );
  });
});
