import { useParams } from 'react-router';
import { SandboxChallengePage } from '@/features/payments/sandbox/challenge-page';

/** The sandbox provider's card authentication challenge (docs/api/payments.md). */
function SandboxChallenge() {
  const { id = '' } = useParams();
  return <SandboxChallengePage key={id} id={id} />;
}

export { SandboxChallenge as Component };
