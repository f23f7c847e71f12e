import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';
import { IMPORT_FORMATS } from '../domain/import/model.ts';
import { GROUP_NAME_MAX } from './groups-limits.ts';
import { nameText, rawText } from './text.ts';

/** The file as text, as the browser read it; its size is checked against IMPORT_MAX_BYTES by the server. */
const file = z.string({ error: 'importFileRequired' }).min(1, 'importFileRequired');

/** "Välj fil": the export to read. */
export const importPreviewBody = z.object({ file });

const warning = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('skippedRows'), count: z.number().int() }),
  z.object({ kind: z.literal('roundedRows'), count: z.number().int() }),
  z.object({ kind: z.literal('currencyGuessed'), value: z.string(), currency: z.enum(CURRENCIES) }),
  z.object({ kind: z.literal('namesChanged'), count: z.number().int() }),
]);

/** What the group would be, before anything is saved. Money in öre of `currency`. */
export const importPreview = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** The group's name from the file, or a name saying where it came from. */
  suggestedName: z.string(),
  currency: z.enum(CURRENCIES),
  people: z.array(
    z.object({
      /** Stable within the file: what the import body's `me` names. */
      key: z.string(),
      name: z.string(),
      /** Positive: the group owes them; negative: they owe. Sums to zero over the people. */
      balanceOre: z.number().int(),
      /** Their name is the caller's, whole or first name (case aside): the page picks them for "Vem är du?". */
      likelyMe: z.boolean(),
    }),
  ),
  expenseCount: z.number().int(),
  paymentCount: z.number().int(),
  /** Sum of the expenses. */
  totalOre: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  warnings: z.array(warning),
  /** Most members the caller's plan lets a group have, null for no limit; the import is refused above it. */
  memberLimit: z.number().int().nullable(),
});

/** The page's form below the preview: the group's name and "Vem är du?". */
export const importGroupForm = z.object({
  name: nameText('groupNameRequired', GROUP_NAME_MAX, 'max100'),
  me: rawText('importMeRequired').min(1, 'importMeRequired'),
});

/** "Importera grupp": the same file, the group's name, and which of its people is the caller. */
export const importGroupBody = importGroupForm.extend({ file });

export const importPreviewResponse = z.object({ preview: importPreview });
/** The new group's id: the page goes there. */
export const importGroupResponse = z.object({ groupId: z.string() });

export type ImportPreview = z.infer<typeof importPreview>;
export type ImportWarningView = z.infer<typeof warning>;
export type ImportGroupBody = z.infer<typeof importGroupBody>;
export type ImportGroupForm = z.infer<typeof importGroupForm>;
