import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../lib/cn.ts';
import { Brand } from './brand.tsx';
import { PageTitle } from './page-title.tsx';
import { MAIN_ID } from './skip-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

interface PublicPageProps {
  /** The page's name in the browser tab; omit on the landing page, whose tab just says "Kvitt". */
  title?: string;
  children: ReactNode;
  /** Extra header content at the right, before the theme toggle (e.g. a login button). */
  actions?: ReactNode;
  /** Centre a narrow column (auth forms) instead of the full width (landing). */
  narrow?: boolean;
  /** A page footer after <main>, so it is its own landmark (the public site's links and newsletter). */
  footer?: ReactNode;
}

/** The frame of pages outside the app: header with the brand and theme toggle, then the main content. */
export function PublicPage({ title, children, actions, narrow = false, footer }: PublicPageProps) {
  return (
    <div className="flex min-h-svh flex-col">
      <PageTitle page={title} />
      <header className="flex h-16 items-center justify-between gap-2 px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label={sv.shell.product}>
          <Brand />
        </Link>
        <div className="flex items-center gap-2">
          {actions}
          <ThemeToggle />
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className={cn(
          'flex flex-1 flex-col px-4 pb-16 outline-none sm:px-6',
          narrow && 'items-center justify-center pt-4',
        )}
      >
        {narrow ? <div className="w-full max-w-md">{children}</div> : children}
      </main>
      {footer}
    </div>
  );
}
