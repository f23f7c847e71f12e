import * as sv from '#shared/i18n/sv.ts';

/** Every page's <main> carries this id (and tabIndex -1) so the skip link can move focus there. */
export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-100 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-foreground focus:shadow-lg"
    >
      {sv.shell.skipToContent}
    </a>
  );
}
