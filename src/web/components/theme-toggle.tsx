import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../lib/cn.ts';
import { useTheme } from '../lib/theme.tsx';

const options = [
  { value: 'light', label: sv.shell.theme.light, Icon: SunIcon },
  { value: 'dark', label: sv.shell.theme.dark, Icon: MoonIcon },
  { value: 'system', label: sv.shell.theme.system, Icon: MonitorIcon },
] as const;

/** Light, dark or system: three icon buttons, the chosen one pressed. Plain buttons keep it tiny. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <div
      role="group"
      aria-label={sv.shell.theme.label}
      className={cn('inline-flex w-fit items-center gap-0.5 rounded-lg bg-muted p-0.5', className)}
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={theme === value}
          title={label}
          onClick={() => setTheme(value)}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors max-md:size-11 hover:text-foreground aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}
