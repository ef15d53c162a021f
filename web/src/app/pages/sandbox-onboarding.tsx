import { useParams } from 'react-router';
import { SandboxOnboardingPage } from '@/features/payments/sandbox/onboarding-page';

/** The sandbox provider's payout account onboarding (docs/api/payments.md). */
function SandboxOnboarding() {
  const { id = '' } = useParams();
  return <SandboxOnboardingPage key={id} id={id} />;
}

export { SandboxOnboarding as Component };
