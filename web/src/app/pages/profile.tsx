import { Download, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountLinks } from '@/features/accounts/account-links';
import { useEndSession, useSignOut } from '@/features/accounts/auth-mutations';
import { ChangePasswordDialog } from '@/features/accounts/change-password-dialog';
import { DeleteAccountDialog } from '@/features/accounts/delete-account-dialog';
import { ProfileHeader } from '@/features/accounts/profile-header';
import { useSession } from '@/features/accounts/session';
import { SettingsPanel } from '@/features/accounts/settings-panel';
import { useUpdateSettings } from '@/features/accounts/use-update-settings';

/** The Account screen (spec section 2). Its route is guarded, so a user is always present. */
export function ProfilePage() {
  const { user } = useSession();
  const signOut = useSignOut();
  const endSession = useEndSession();
  const updateSettings = useUpdateSettings();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <ProfileHeader user={user} />
      <Tabs defaultValue="info">
        <TabsList className="w-full">
          <TabsTrigger value="info">Info</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>

        <TabsContent value="info" className="space-y-4">
          <AccountLinks user={user} />
          <Button
            variant="outline"
            className="w-full"
            disabled={signOut.isPending}
            aria-busy={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {signOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
            Log Out
          </Button>
        </TabsContent>

        <TabsContent value="settings" className="space-y-4">
          <SettingsPanel
            settings={user.settings}
            onChange={(change) => updateSettings.mutate(change)}
            failure={
              updateSettings.isError
                ? { change: updateSettings.variables ?? {}, message: updateSettings.error.message }
                : undefined
            }
          />
          <div className="space-y-3">
            <ChangePasswordDialog />
            <Button asChild variant="outline" className="w-full justify-start">
              {/* A plain link: the browser saves the server's JSON attachment as a file. */}
              <a href="/api/v1/account/export" download>
                <Download aria-hidden="true" />
                Download my data
              </a>
            </Button>
            <DeleteAccountDialog onDeleted={endSession} />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

export { ProfilePage as Component };
