import * as sv from '#shared/i18n/sv.ts';
import { SiteFrame } from './site-frame.tsx';
import { useSiteConfig } from './site-config.ts';

const texts = sv.privacy;

/** /privacy-policy: the ten sections, true to what Kvitt stores (decisions 025, 026, 029). */
export function Component() {
  const email = useSiteConfig()?.supportEmail ?? '…';
  return (
    <SiteFrame title={texts.title}>
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{texts.title}</h1>
        <p className="text-sm text-muted-foreground">{texts.updated}</p>
      </header>
      {texts.sections.map((section) => (
        <section key={section.title} className="grid gap-2">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {'intro' in section ? <p>{section.intro}</p> : null}
          {'items' in section ? (
            <ul className="grid list-disc gap-1 pl-6">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {'paragraphs' in section
            ? section.paragraphs.map((paragraph) => <p key={paragraph}>{sv.fill(paragraph, { email })}</p>)
            : null}
        </section>
      ))}
    </SiteFrame>
  );
}
