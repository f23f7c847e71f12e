import { SearchIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Input } from './ui/input.tsx';

interface Props {
  /** What the field searches, for screen readers: it has no visible label, the magnifier and placeholder say it. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A search box with a magnifier: the group list's and the receipt list's. */
export function SearchField({ label, placeholder, value, onChange, className }: Props) {
  return (
    <div className={cn('relative', className)}>
      <SearchIcon
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
