import * as sv from '#shared/i18n/sv.ts';

/** The browser tab's text, "Logga in – Kvitt"; React 19 hoists <title> into <head>. Without a page: "Kvitt". */
export function PageTitle({ page }: { page?: string | undefined }) {
  return <title>{page ? sv.fill(sv.shell.pageTitle, { page }) : sv.shell.product}</title>;
}
