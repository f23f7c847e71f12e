import { CheckIcon, EyeIcon, FeatherIcon, LightbulbIcon, ShieldCheckIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { SiteFrame } from './site-frame.tsx';

const texts = sv.about;
const valueIcons = [FeatherIcon, EyeIcon, ShieldCheckIcon, LightbulbIcon];

/** /about: vision, what we do, the four values and why Kvitt. */
export function Component() {
  return (
    <SiteFrame title={texts.title}>
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{texts.title}</h1>
        <p className="text-lg text-muted-foreground">{texts.lead}</p>
      </header>
      <section className="grid gap-2">
        <h2 className="text-xl font-semibold">{texts.visionTitle}</h2>
        <p>{texts.vision}</p>
      </section>
      <section className="grid gap-2">
        <h2 className="text-xl font-semibold">{texts.whatTitle}</h2>
        <p>{texts.what}</p>
      </section>
      <section className="grid gap-4">
        <h2 className="text-xl font-semibold">{texts.valuesTitle}</h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {texts.values.map((value, index) => {
            const Icon = valueIcons[index] ?? FeatherIcon;
            return (
              <li key={value.title} className="ui-card grid gap-2 p-5">
                <Icon className="size-6 text-primary" aria-hidden />
                <h3 className="font-semibold">{value.title}</h3>
                <p className="text-sm text-muted-foreground">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="grid gap-3">
        <h2 className="text-xl font-semibold">{texts.whyTitle}</h2>
        <ul className="grid gap-2">
          {texts.why.map((reason) => (
            <li key={reason} className="flex gap-2">
              <CheckIcon className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </section>
    </SiteFrame>
  );
}
