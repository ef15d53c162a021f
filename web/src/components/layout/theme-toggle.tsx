import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { setThemeChoice, type ThemeChoice, useTheme } from '@/lib/theme';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * One button for the colour theme: light, dark, then back to following the device. The choice applies
 * at once; for a signed-in user `onChoose` also saves it to their account (their dark mode setting,
 * where following the device is "no choice").
 */
export function ThemeToggle({ onChoose }: { onChoose?: (choice: ThemeChoice) => void }) {
  const { choice } = useTheme();
  const next = NEXT[choice];
  const Icon = ICONS[choice];
  const label = `Theme: ${choice}. Switch to ${next}`;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => {
        // A signed-in user's pick is saved to their account (onChoose), so it is the account's too.
        setThemeChoice(next, onChoose !== undefined);
        onChoose?.(next);
      }}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
