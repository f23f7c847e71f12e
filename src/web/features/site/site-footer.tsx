import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { NewsletterForm } from './newsletter-form.tsx';

const texts = sv.site.footer;
const links = [
  { to: '/about', label: texts.about },
  { to: '/contact', label: texts.contact },
  { to: '/privacy-policy', label: texts.privacy },
];

/** The public pages' footer: newsletter sign-up and the links to the static pages. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto]">
        <NewsletterForm />
        <nav aria-label={texts.links} className="grid content-start gap-2 text-sm">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="w-fit rounded-sm underline-offset-4 hover:underline">
              {link.label}
            </Link>
          ))}
          <p className="mt-4 text-muted-foreground">{sv.fill(texts.copyright, { year: new Date().getFullYear() })}</p>
        </nav>
      </div>
    </footer>
  );
}
