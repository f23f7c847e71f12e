import type { ReactNode } from 'react';
import { ThemeProvider } from '../lib/theme.tsx';

/** Context every page may rely on. The query cache is added by app/data-layout.tsx for the pages that read data. */
export function Providers({ children }: { children: ReactNode }) {
  return <ThemeProvider>{children}</ThemeProvider>;
}
