import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
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
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Edit Profile</h1>
        <p className="mt-4 text-muted-foreground">
          A professional profile is for tradespeople. Your account details are on the Account screen.
        </p>
        <Button asChild className="mt-8">
          <Link to="/profile">My Account</Link>
        </Button>
      </section>
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
