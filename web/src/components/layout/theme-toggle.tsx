import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type ResolvedTheme, setThemeChoice, type ThemeChoice, useTheme } from '@/lib/theme';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * One button for the colour theme. Visitors step through light, dark and back to following the device.
 * A signed-in user's theme is their account's dark mode setting, so `onChoose` is given instead: the
 * button flips between light and dark and the caller saves the choice to the server.
 */
export function ThemeToggle({ onChoose }: { onChoose?: (theme: ResolvedTheme) => void }) {
  const { choice, resolved } = useTheme();
  const current: ThemeChoice = onChoose ? resolved : choice;
  const next: ThemeChoice = onChoose ? (resolved === 'dark' ? 'light' : 'dark') : NEXT[choice];
  const Icon = ICONS[current];
  const label = `Theme: ${current}. Switch to ${next}`;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => (onChoose && next !== 'system' ? onChoose(next) : setThemeChoice(next))}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
