import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { setThemeChoice, type ThemeChoice, useTheme } from '@/lib/theme';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const NAMES: Record<ThemeChoice, string> = { system: 'system', light: 'light', dark: 'dark' };
const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** One button that steps through light, dark and back to following the device. */
export function ThemeToggle() {
  const { choice } = useTheme();
  const Icon = ICONS[choice];
  const next = NEXT[choice];
  const label = `Theme: ${NAMES[choice]}. Switch to ${NAMES[next]}`;
  return (
    <Button variant="ghost" size="icon" onClick={() => setThemeChoice(next)} aria-label={label} title={label}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
