import { describe, expect, it } from 'vitest';
import { SignInBody, SignUpBody } from './schemas';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const valid = {
  email: 'ann@example.com',
  password: 'longenough',
  fullName: 'Ann Smith',
  userType: 'customer',
};

describe('sign-up rules', () => {
  it.each([
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be less than 255 characters'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(101) }, 'Password must be less than 100 characters'],
    [{ fullName: ' A ' }, 'Name must be at least 2 characters'],
    [{ fullName: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
  ])('refuses %j with the spec message', (change, message) => {
    expect(first(SignUpBody.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('trims email and name, and defaults to a customer account', () => {
    const parsed = SignUpBody.parse({
      email: '  Ann@Example.com ',
      password: 'longenough',
      fullName: '  Ann  ',
    });
    expect(parsed).toEqual({
      email: 'Ann@Example.com',
      password: 'longenough',
      fullName: 'Ann',
      userType: 'customer',
    });
  });

  it('accepts exactly 8 and 100 character passwords and 2 and 100 character names', () => {
    expect(SignUpBody.safeParse({ ...valid, password: 'x'.repeat(8), fullName: 'Al' }).success).toBe(true);
    expect(
      SignUpBody.safeParse({ ...valid, password: 'x'.repeat(100), fullName: 'x'.repeat(100) }).success,
    ).toBe(true);
  });
});

describe('sign-in rules', () => {
  it('requires a password and a valid email', () => {
    expect(first(SignInBody.safeParse({ email: 'ann@example.com', password: '' }))).toBe(
      'Password is required',
    );
    expect(first(SignInBody.safeParse({ email: 'ann', password: 'x' }))).toBe('Invalid email address');
    expect(first(SignInBody.safeParse({ email: 'ann@example.com', password: 'x'.repeat(101) }))).toBe(
      'Password must be less than 100 characters',
    );
  });
});
