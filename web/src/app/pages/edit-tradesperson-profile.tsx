import { useNavigate } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { useSession } from '@/features/accounts/session';
import { EditProfile } from '@/features/profiles/edit-profile';
import { showSuccess } from '@/lib/toast';

/** Edit tradesperson profile (spec section 2). The route requires sign-in; the profile is a tradesperson's. */
function EditTradespersonProfilePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;

  if (user.userType !== 'tradesperson') {
    return (
      <ScreenNotice title="Edit Profile" link={{ to: '/profile', label: 'My Account' }}>
        A professional profile is for tradespeople. Your account details are on the Account screen.
      </ScreenNotice>
    );
  }

  return (
    <EditProfile
      onSaved={() => {
        void showSuccess('Profile updated!');
        void navigate('/profile');
      }}
    />
  );
}

export { EditTradespersonProfilePage as Component };
