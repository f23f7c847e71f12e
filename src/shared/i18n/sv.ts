import { about } from './sv/about.ts';
import { activity } from './sv/activity.ts';
import { account } from './sv/account.ts';
import { assist } from './sv/assist.ts';
import { auth } from './sv/auth.ts';
import { billing } from './sv/billing.ts';
import { contact } from './sv/contact.ts';
import { errors } from './sv/errors.ts';
import { expenses } from './sv/expenses.ts';
import { groups } from './sv/groups.ts';
import { imports } from './sv/imports.ts';
import { landing } from './sv/landing.ts';
import { notifications } from './sv/notifications.ts';
import { onboarding } from './sv/onboarding.ts';
import { privacy } from './sv/privacy.ts';
import { pwa } from './sv/pwa.ts';
import { recurring } from './sv/recurring.ts';
import { settlement } from './sv/settlement.ts';
import { shell } from './sv/shell.ts';
import { site } from './sv/site.ts';
import { statistics } from './sv/statistics.ts';
import { validation } from './sv/validation.ts';

// Each section is also a named export, so the web can `import * as sv from '#shared/i18n/sv.ts'`: the bundler then
// ships only the sections a page reads (`sv.auth`, `sv.shell`), not the whole catalogue on every first load.
export { about, activity, account, assist, auth, billing, contact, errors, expenses, groups, imports, landing, notifications, onboarding, privacy, pwa, recurring, settlement, shell, site, statistics, validation };

/** Every Swedish text of Kvitt: UI, e-mails, CSV headers and the text of every error code. */
export const sv = { about, activity, account, assist, auth, billing, contact, errors, expenses, groups, imports, landing, notifications, onboarding, privacy, pwa, recurring, settlement, shell, site, statistics, validation } as const;

/** Fills `{name}` placeholders; a missing value leaves the placeholder visible so it is caught in review. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
