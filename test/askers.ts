import type { Asker } from '../server/adapters/ai/provider';

// Who asks the local assistant in its tests: a visitor, and a signed-in customer and tradesperson.
export const guest: Asker = { kind: 'guest' };
export const customer: Asker = {
  kind: 'authenticated',
  userType: 'customer',
  isAdmin: false,
  firstName: 'Sam',
};
export const tradesperson: Asker = {
  kind: 'authenticated',
  userType: 'tradesperson',
  isAdmin: false,
  firstName: 'Tom',
};
