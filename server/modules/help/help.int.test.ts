import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';

describeOnDatabases('support contact details', (ctx) => {
  it('gives anyone the configured phone number and email', async () => {
    const app = await ctx.app({ SUPPORT_PHONE: '020 7946 0123', SUPPORT_EMAIL: 'help@tradenest.example' });
    const res = await app.inject({ url: '/api/v1/support/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phone: '020 7946 0123', email: 'help@tradenest.example' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('defaults to a fictional number from Ofcom’s drama range', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/support/contact' });
    expect(res.json()).toEqual({ phone: '0113 496 0000', email: 'support@tradenest.local' });
  });
});
