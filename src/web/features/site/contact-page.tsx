import { ClockIcon, MailIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { ContactForm } from './contact-form.tsx';
import { SiteFrame } from './site-frame.tsx';
import { useSiteConfig } from './site-config.ts';

const texts = sv.contact;

/** /contact: the support address from the server's configuration, the reply time and the form. */
export function Component() {
  const config = useSiteConfig();
  return (
    <SiteFrame title={texts.title}>
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{texts.title}</h1>
        <p className="text-lg text-muted-foreground">{texts.lead}</p>
      </header>
      <div className="grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <div className="grid content-start gap-4">
          <p className="flex items-center gap-3">
            <MailIcon className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="sr-only">{texts.emailLabel}: </span>
            {config ? (
              <a href={`mailto:${config.supportEmail}`} className="font-medium underline underline-offset-4">
                {config.supportEmail}
              </a>
            ) : (
              // The kit's Skeleton module brings icons this light page does not need.
              <span aria-hidden className="ui-skeleton inline-block h-5 w-44" />
            )}
          </p>
          <p className="flex items-center gap-3 text-muted-foreground">
            <ClockIcon className="size-5 shrink-0 text-primary" aria-hidden />
            {texts.replyTime}
          </p>
        </div>
        <div className="ui-card grid gap-4 p-5 sm:p-6">
          <ContactForm />
          {config ? (
            <p className="text-sm text-muted-foreground">{sv.fill(texts.urgent, { email: config.supportEmail })}</p>
          ) : null}
        </div>
      </div>
    </SiteFrame>
  );
}
