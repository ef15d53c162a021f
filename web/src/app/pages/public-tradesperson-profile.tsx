import { useParams } from 'react-router';
import { PublicProfileView } from '@/features/discovery/public-profile';

/** Public tradesperson profile (spec section 2, /tradesperson/{id}). */
function PublicTradespersonProfilePage() {
  const { id = '' } = useParams();
  // A new id is a new screen: nothing (reviews loaded, a pending save) carries over.
  return <PublicProfileView key={id} id={id} />;
}

export { PublicTradespersonProfilePage as Component };
