import type { Chain } from './chain-entry.ts';
import { findAmounts } from './amounts.ts';
import { words } from './keywords.ts';
import type { Line } from './lines.ts';

/**
 * Lower-case letters and digits only, accents dropped and the shapes OCR confuses folded together (0/o, 1/l/i/|,
 * rn/m, vv/w), so "Mark tkauf", "MARKTKAUF" and "rnarktkauf" all become one string.
 */
export function compactForm(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/[1|!i]/g, 'l')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The fewest single-letter edits that turn some beginning of `text` into `pattern`, stopping early once it exceeds
 * `max`. Used from word starts only, so "12 Market Street" never reads as "S-market".
 */
export function prefixDistance(text: string, pattern: string, max: number): number {
  const m = pattern.length;
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let best = previous[m] ?? Infinity;
  for (const ch of text) {
    const current = [(previous[0] ?? 0) + 1];
    for (let j = 1; j <= m; j += 1) {
      const cost = pattern[j - 1] === ch ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    best = Math.min(best, current[m] ?? Infinity);
    if (Math.min(...current) > max) break;
    previous = current;
  }
  return best;
}

/** The compact forms of a line from each word start on ("marktkauflehr", "kauflehr", "lehr" for "Marktkauf Lehr"). */
function compactTails(text: string): string[] {
  const tails: string[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu)) tails.push(compactForm(text.slice(m.index)));
  return tails;
}

// Exact runs of letters shorter than this occur inside other words too often ("ica" in "musica").
const MIN_COMPACT = 6;
/** Edits tolerated for a compact spelling: none below 7 letters, where "thalia" would find "italia". */
const fuzzyEdits = (spelling: string) => (spelling.length >= 10 ? 2 : spelling.length >= 7 ? 1 : 0);

type Compiled = { words: RegExp; header: RegExp; logos: RegExp[]; spellings: string[]; single: string[] };
const compiled = new WeakMap<Chain, Compiled>();

function compile(c: Chain): Compiled {
  const cached = compiled.get(c);
  if (cached) return cached;
  const literal = c.aliases.filter((a) => /^[\p{L}\d &'-]+$/u.test(a));
  const result: Compiled = {
    words: words(c.aliases),
    header: new RegExp(`^(?:${c.aliases.join('|')})(?:\\s+\\S+){0,2}$`, 'iu'),
    logos: (c.logos ?? []).map((l) => new RegExp(`^(?:${l})$`, 'iu')),
    spellings: [...new Set([c.name, ...literal].map(compactForm))],
    single: literal.filter((a) => /^[\p{L}\d-]+$/u.test(a)),
  };
  compiled.set(c, result);
  return result;
}

// Short lower-case or punctuation tokens OCR puts before a name from the receipt's border ("i real GmbH",
// "i; real GmbH").
const LEADING_JUNK = /^(?:(?:\p{Ll}{1,2}[^\p{L}\p{N}\s]*|[^\p{L}\p{N}\s]+)\s+)+(?=\p{L}{3})/u;

/** A header line without the junk OCR puts before the first word. */
export function withoutLeadingJunk(text: string): string {
  return text.replace(LEADING_JUNK, '');
}

/** Whether a header line names the chain: its words, its whole line, its logo, or its first word. */
function namesInHeader(c: Chain, line: Line, position: number): boolean {
  const k = compile(c);
  const key = withoutLeadingJunk(line.key);
  if (k.logos.some((logo) => logo.test(line.key.replace(/[\s'".,:;`]/g, '')))) return true;
  if (!c.headerOnly) return k.words.test(key);
  // The key is folded to lower case, where a short name ("sj lindhagen") looks like the junk OCR puts before one.
  if (k.header.test(key) || k.header.test(line.key)) return true;
  // An everyday word names the chain only as the first word of one of the first header lines ("PRISMA LIELAHTI").
  const firsts = [key, line.key].map((text) => (text.split(/\s+/)[0] ?? '').replace(/[,:;.]+$/, ''));
  return position < 3 && firsts.some((first) => k.single.includes(first));
}

/** A spelling at a word start, exactly or (for long names) with a few letters wrong, but the first one right. */
function compactHit(c: Chain, tails: readonly string[], fuzzy: boolean): boolean {
  for (const spelling of compile(c).spellings) {
    const edits = fuzzy ? fuzzyEdits(spelling) : 0;
    if (spelling.length < MIN_COMPACT || (fuzzy && edits === 0)) continue;
    for (const tail of tails) {
      if (tail.startsWith(spelling)) return true;
      if (edits > 0 && tail[0] === spelling[0] && prefixDistance(tail, spelling, edits) <= edits) return true;
    }
  }
  return false;
}

/**
 * The chain named in the header lines: first by exact words, whole lines or logos, then with OCR slips
 * ("K-Super marke", "Mark tkauf") by comparing compact spellings with a few letters' tolerance.
 */
export function chainInHeader(header: readonly Line[], chains: readonly Chain[]): Chain | null {
  for (const [position, line] of header.entries()) {
    const hit = chains.find((c) => namesInHeader(c, line, position));
    if (hit) return hit;
    const whole = compactForm(line.text);
    const exact = chains.find((c) => compile(c).spellings.includes(whole));
    if (exact) return exact;
  }
  for (const line of header) {
    const tails = compactTails(line.text);
    const hit = chains.find((c) => compactHit(c, tails, true));
    if (hit) return hit;
  }
  return null;
}

/**
 * A chain named anywhere outside the article lines ("Marktkauf Lehr" under the logo, "Vielen Dank für Ihren Einkauf
 * bei …"): article lines are skipped because shops sell other chains' brands ("EDEKA Topfreiniger 0,99").
 * Chains whose names are everyday words never count here.
 */
export function chainAnywhere(lines: readonly Line[], chains: readonly Chain[]): Chain | null {
  const candidates = lines.filter((l) => findAmounts(l.text).length === 0);
  const named = chains.filter((c) => !c.headerOnly);
  // The first line that names a chain exactly, also where OCR split the name ("Mark tkauf Lehr" under the logo
  // comes before "EDEKA Topfreiniger" whose price OCR read into another column); only then names with letters wrong.
  for (const line of candidates) {
    const tails = compactTails(line.text);
    const hit = named.find((c) => compile(c).words.test(line.key) || compactHit(c, tails, false));
    if (hit) return hit;
  }
  for (const line of candidates) {
    const tails = compactTails(line.text);
    const hit = named.find((c) => compactHit(c, tails, true));
    if (hit) return hit;
  }
  return null;
}

const TLD = '(?:se|de|fi|no|dk|com|eu|nu|net|org|at|ch|my|co\\.uk|uk)';
// "www", and what OCR makes of it ("waw", "vww", "wii"), before a dotted name; spaces around dots are OCR's.
const WEB = new RegExp(
  `(?:^|[^a-z0-9])(?:[wv][wvai][wvi]?)\\.((?:[a-z0-9-]+\\.)*?)([a-z0-9-]{2,40})\\.${TLD}(?![a-z])`,
);
const MAIL = new RegExp(`@((?:[a-z0-9-]+\\.)*?)([a-z0-9-]{2,40})\\.${TLD}(?![a-z])`);

/** The registered names of the web addresses and e-mail domains printed on a receipt ("lidl" for www.lidl.de). */
export function domainNames(lines: readonly Line[]): string[] {
  const names: string[] = [];
  for (const line of lines) {
    const lower = line.text.toLowerCase();
    // OCR puts spaces into web addresses ("www. mark tkauf-1ehr. de"); an address line has no words besides it.
    const text = /\b[wv][wvai][wvi]?\s*\./.test(lower) ? lower.replace(/\s+/g, '') : lower.replace(/\s*\.\s*/g, '.');
    for (const pattern of [WEB, MAIL]) {
      const m = pattern.exec(text);
      if (m?.[2]) names.push(m[2]);
    }
  }
  return names;
}

/** The chain whose name is a receipt's web or e-mail domain, also with a branch suffix ("marktkauf-lehr"). */
export function chainOfDomain(lines: readonly Line[], chains: readonly Chain[]): Chain | null {
  for (const name of domainNames(lines)) {
    const compact = compactForm(name);
    const head = compactForm(name.split('-')[0] ?? '');
    const hit = chains.find((c) => compile(c).spellings.some((s) => s === compact || s === head));
    if (hit) return hit;
  }
  return null;
}
