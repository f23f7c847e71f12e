import { z } from 'zod';
import { PLAN_IDS } from '../domain/plans.ts';
import { normalisePhone } from '../domain/phone.ts';
import { singleLineText } from './text.ts';
import { PROFILE_MAX } from './account-limits.ts';
import { personName } from './person-name.ts';

export * from './account-limits.ts';
export const DEFAULT_COUNTRY = 'Sverige';

type MaxKey = 'max10' | 'max20' | 'max100' | 'max200';

// Messages are keys of sv.validation. Optional fields are trimmed, checked, then stored as null when empty.
const optionalText = (max: number, key: MaxKey) =>
  singleLineText()
    .max(max, key)
    .nullish()
    .transform((value) => value || null);

/** PUT /api/account/profile and the form of /app/settings; the phone is stored Swish-ready (see phone.ts). */
export const profileBody = z.object({
  name: personName,
  phone: optionalText(PROFILE_MAX.phone, 'max20').transform((value) => (value === null ? null : normalisePhone(value))),
  address: optionalText(PROFILE_MAX.address, 'max200'),
  postalCode: optionalText(PROFILE_MAX.postalCode, 'max10'),
  city: optionalText(PROFILE_MAX.city, 'max100'),
  country: optionalText(PROFILE_MAX.country, 'max100'),
});

export const profileResponse = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
});

export type ProfileBody = z.input<typeof profileBody>;
export type ProfileBodyOutput = z.output<typeof profileBody>;
export type Profile = z.infer<typeof profileResponse>;

const instant = z.string();
const row = z.record(z.string(), z.unknown());

/**
 * GET /api/account/export: everything Kvitt holds about the caller (GDPR art. 15 and 20). Other people appear only
 * as membership ids, never by name. Secrets (password hash, session tokens) are left out.
 */
export const exportResponse = z.object({
  format: z.literal('kvitt-export/1'),
  exportedAt: instant,
  account: row,
  logins: z.array(row),
  sessions: z.array(row),
  profile: row.nullable(),
  /** Devices that receive notifications (decision 048). */
  pushSubscriptions: z.array(row),
  groups: z.array(row),
  memberships: z.array(row),
  expensesPaid: z.array(row),
  expensesUploaded: z.array(row),
  /** What the user paid of each expense they paid, alone or with others (decision 057). */
  payers: z.array(row),
  shares: z.array(row),
  /** The receipt lines of those expenses when split "Per rad", with who took each (decision 058). */
  expenseItems: z.array(row),
  settlements: z.array(row),
  auditEntries: z.array(row),
  /** The user's own entries in their groups' Händelser (decision 062). */
  groupEvents: z.array(row),
  /** Recurring expenses the user started or pays, each with its occurrence dates (decision 061). */
  recurringExpenses: z.array(row),
  invitesCreated: z.array(row),
  newsletterSubscriptions: z.array(row),
  collaborationRequests: z.array(row),
});

export type AccountExport = z.infer<typeof exportResponse>;
