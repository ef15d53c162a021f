import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { useOwnProfile } from './api';
import { EditProfileForm } from './edit-profile-form';
import { ProfilePictureField } from './profile-picture-field';

/** Edit tradesperson profile (spec section 2): the picture, then the form. */
export function EditProfile({ onSaved }: { onSaved: () => void }) {
  const query = useOwnProfile();

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Edit Profile</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        What customers see on your profile and in search results.
      </p>
      {query.isPending ? (
        <CardSkeletons count={3} height="h-28" />
      ) : query.isError ? (
        <ErrorState text="We could not load your profile." onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-8">
          {!query.data.trade && (
            <div className="flex gap-3 rounded-xl border border-border bg-muted p-4 text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="space-y-1">
                <p>
                  Your profile is empty so far. Add your trade and where you work so customers can find you.
                </p>
                {!query.data.setupCompletedAt && (
                  <p>
                    New here?{' '}
                    <Link
                      to="/tradesperson/setup"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      Business Setup
                    </Link>{' '}
                    walks you through it step by step.
                  </p>
                )}
              </div>
            </div>
          )}
          <ProfilePictureField avatarUrl={query.data.avatarUrl} />
          <EditProfileForm profile={query.data} onSaved={onSaved} />
        </div>
      )}
    </div>
  );
}
