import { ScreenNotice } from '@/components/screen-notice';
import { useSession } from '@/features/accounts/session';
import { VerificationDocuments } from '@/features/verification/verification-documents';

/**
 * Documents (spec section 2; DOMAIN-RULES 10): a tradesperson's verification documents, the same list
 * and upload form as Business Setup's Verification step. The route already requires sign-in.
 */
function DocumentsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') {
    return (
      <ScreenNotice title="Documents" link={{ to: '/home', label: 'Back to home' }} roomy>
        Documents is where tradespeople upload their photo ID and insurance to be verified. As a customer you
        have nothing to upload: every tradesperson in search has been checked.
      </ScreenNotice>
    );
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Documents</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Your photo ID, insurance and trade accreditations, and what verification still needs.
      </p>
      <VerificationDocuments placement="page" />
    </div>
  );
}

export { DocumentsPage as Component };
