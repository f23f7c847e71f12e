import { parseFeedRate } from '#shared/domain/rate-text.ts';

/** One ECB publication day: units of each currency per 1 EUR, ×1 000 000. EUR itself is implicit. */
export type EcbDay = { date: string; perEurMicros: Map<string, number> };

type XmlTag = { name: string; attributes: Map<string, string>; closing: boolean; selfClosing: boolean };

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)([^>]*?)(\/?)>/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const SKIPPED = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1);

/** The element tags of a document in order; text content is ignored because ECB data lives in attributes only. */
export function* xmlTags(xml: string): Generator<XmlTag> {
  const body = xml.replace(SKIPPED, '');
  for (const match of body.matchAll(TAG)) {
    const [, slash = '', name = '', rest = '', selfSlash = ''] = match;
    const attributes = new Map<string, string>();
    for (const attribute of rest.matchAll(ATTRIBUTE)) {
      attributes.set(localName(attribute[1] ?? ''), decode(attribute[2] ?? attribute[3] ?? ''));
    }
    yield { name: localName(name), attributes, closing: slash === '/', selfClosing: selfSlash === '/' };
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the ECB reference-rate feeds (eurofxref-daily.xml and eurofxref-hist(-90d).xml share one shape: a
 * `Cube time="…"` per day holding `Cube currency="…" rate="…"`). Days come back newest first; malformed
 * entries are skipped rather than guessed. Throws when the document holds no day at all, so a captive portal's
 * HTML page is a failed fetch, not an empty rate table.
 */
export function parseEcbXml(xml: string): EcbDay[] {
  const days: EcbDay[] = [];
  // Kinds of the open Cube elements, so a rate written as <Cube …></Cube> does not end its day early.
  const open: Array<'day' | 'other'> = [];
  let current: EcbDay | null = null;
  const finishDay = () => {
    if (current && current.perEurMicros.size > 0) days.push(current);
    current = null;
  };
  for (const tag of xmlTags(xml)) {
    if (tag.name !== 'Cube') continue;
    if (tag.closing) {
      if (open.pop() === 'day') finishDay();
      continue;
    }
    const time = tag.attributes.get('time');
    if (time !== undefined) {
      finishDay();
      current = ISO_DATE.test(time) ? { date: time, perEurMicros: new Map() } : null;
      if (tag.selfClosing) finishDay();
      else open.push('day');
      continue;
    }
    if (!tag.selfClosing) open.push('other');
    const currency = tag.attributes.get('currency');
    const rate = parseFeedRate(tag.attributes.get('rate') ?? '');
    if (current && currency && /^[A-Z]{3}$/.test(currency) && rate !== null) current.perEurMicros.set(currency, rate);
  }
  finishDay();
  if (days.length === 0) throw new Error('no ECB rate days in the document');
  return days.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
