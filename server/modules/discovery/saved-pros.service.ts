import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { saveProfessional, unsaveProfessional } from './tradespeople.repository';
import { type DiscoveryDeps, isPublicProfile, savedProfessionals } from './tradespeople.service';

// Saved Professionals are a customer's list; for anyone else the feature does not exist (404).
function customerOnly(auth: AuthContext): string {
  if (auth.user.userType !== 'customer') throw AppError.notFound();
  return auth.user.id;
}

export function listSaved(deps: DiscoveryDeps, auth: AuthContext) {
  return savedProfessionals(deps, customerOnly(auth));
}

/** Saving twice is the same as saving once. Only a profile everyone may see can be saved. */
export async function save(deps: DiscoveryDeps, auth: AuthContext, tradespersonId: string) {
  const customerId = customerOnly(auth);
  if (!(await isPublicProfile(deps.db, tradespersonId))) throw AppError.notFound('Tradesperson not found');
  await saveProfessional(deps.db, customerId, tradespersonId);
}

export async function unsave(deps: DiscoveryDeps, auth: AuthContext, tradespersonId: string) {
  await unsaveProfessional(deps.db, customerOnly(auth), tradespersonId);
}
