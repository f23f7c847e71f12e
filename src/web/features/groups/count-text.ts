import type { PluralForms } from '#shared/i18n/sv/groups.ts';
import { fill } from '#shared/i18n/sv.ts';
import { formatNumber } from '#shared/format.ts';

const plural = new Intl.PluralRules('sv-SE');

/** "1 medlem", "3 medlemmar": the Swedish plural form for a count, never glued together from parts. */
export function countText(forms: PluralForms, count: number): string {
  return fill(plural.select(count) === 'one' ? forms.one : forms.other, { count: formatNumber(count) });
}
