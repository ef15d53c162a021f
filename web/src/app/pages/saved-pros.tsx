import { SavedPros } from '@/features/discovery/saved-pros';

/** Saved Professionals (spec section 2); the route is for signed-in users only. */
function SavedProsPage() {
  return <SavedPros />;
}

export { SavedProsPage as Component };
