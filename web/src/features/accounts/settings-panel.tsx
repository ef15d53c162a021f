import type { Settings } from '@domain/accounts/schemas';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useTheme } from '@/lib/theme';

// The spec's Settings switches (section 2), in its order; defaults live in SETTINGS_DEFAULTS.
const SWITCHES: { key: keyof Settings; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Get emails about activity on your account.',
  },
  {
    key: 'quoteUpdates',
    label: 'Quote updates',
    description: 'Hear when a quote is sent, accepted or declined.',
  },
  { key: 'newMessages', label: 'New messages', description: 'Get an email when a message waits unread.' },
  {
    key: 'profileVisible',
    label: 'Profile visible to all',
    description: 'Let anyone on TradeNest see your profile.',
  },
  {
    key: 'showReviewsPublicly',
    label: 'Show reviews publicly',
    description: 'Show reviews of your work on your public profile.',
  },
  {
    key: 'darkMode',
    label: 'Dark mode',
    description: 'Use dark colours on every device you sign in to. Until you choose, your device decides.',
  },
];

/**
 * The switches, each saved as soon as it is flipped. `failure` is the last change the server refused
 * (the switch is already back as it was): its message shows under that switch and is read with it.
 */
export function SettingsPanel({
  settings,
  onChange,
  failure,
}: {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
  failure?: { change: Partial<Settings>; message: string };
}) {
  // Until a theme is chosen (null) the switch shows what the page shows: the device's setting.
  const { resolved } = useTheme();
  const checked = (key: keyof Settings) =>
    key === 'darkMode' ? (settings.darkMode ?? resolved === 'dark') : settings[key];
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-card">
      {SWITCHES.map(({ key, label, description }) => {
        const problem = failure && key in failure.change ? failure.message : undefined;
        return (
          <li key={key} className="flex items-center justify-between gap-4 px-4 py-4">
            <div className="min-w-0">
              <Label htmlFor={`setting-${key}`}>{label}</Label>
              <p id={`setting-${key}-description`} className="mt-1 text-sm text-muted-foreground">
                {description}
              </p>
              <FieldError
                id={`setting-${key}-error`}
                className="mt-1"
                message={problem && `Your change was not saved. ${problem}`}
              />
            </div>
            <Switch
              id={`setting-${key}`}
              checked={checked(key)}
              aria-describedby={
                problem ? `setting-${key}-description setting-${key}-error` : `setting-${key}-description`
              }
              onCheckedChange={(checked) => onChange({ [key]: checked })}
            />
          </li>
        );
      })}
    </ul>
  );
}
