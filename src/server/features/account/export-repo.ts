import { eq, inArray, or, sql } from 'drizzle-orm';
import type { AccountExport } from '#shared/api/account.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  auditLog,
  collaborationRequests,
  groupEvents,
  groupMembers,
  groups,
  invites,
  newsletterSubscriptions,
  profiles,
  pushSubscriptions,
  expensePayers,
  expenseItems,
  recurringExpenses,
  recurringOccurrences,
  expenseShares,
  expenses,
  sessions,
  settlements,
  users,
} from '../../db/schema/index.ts';

/**
 * Every table of the schema and where the export covers it, or why it holds nothing of the user's. A test compares
 * this list with the schema, so a new table cannot hold user data unnoticed by the export.
 */
export const exportCoverage = {
  users: 'account',
  accounts: 'logins (provider and dates; never the password hash or tokens)',
  sessions: 'sessions (dates, address, browser; never the token)',
  verifications: 'not exported: one-hour reset tokens, secrets by nature, deleted with the account',
  profiles: 'profile',
  groups: 'groups',
  group_members: 'memberships',
  invites: 'invitesCreated (without the secret token)',
  expenses: 'expensesPaid, expensesUploaded',
  expense_shares: 'shares',
  expense_payers: 'payers (what the user paid of each expense), expensesPaid',
  expense_items: 'expenseItems (the receipt lines of the expenses the user paid, uploaded or shares, decision 058)',
  receipt_uploads:
    'not exported: receipt images chosen in the wizard but not yet saved, kept at most a day, deleted with the account',
  settlements: 'settlements',
  audit_log: 'auditEntries',
  group_events: 'groupEvents (what the user did in their groups)',
  newsletter_subscriptions: 'newsletterSubscriptions',
  collaboration_requests: 'collaborationRequests',
  rate_limits: 'not exported: short-lived abuse counters, removed with the account',
  exchange_rates: 'not user data: ECB reference rates',
  ledger_versions: 'not user data: a change counter per group that keeps cached balances exact',
  ledger_member_sums:
    'not exported: running sums per member derived from the expenses, shares and payments exported above (decision 068)',
  ledger_currency_counts: 'not user data: counts of expenses per group and currency, derived (decision 068)',
  processed_webhook_events: 'not user data: ids of Stripe events already applied',
  push_subscriptions: 'pushSubscriptions (device endpoint and date; never the encryption keys)',
  file_deletions:
    'not user data: keys of stored files already unlinked from every row, kept until the store deleted them',
  recurring_expenses: 'recurringExpenses (those the user started or pays)',
  recurring_occurrences: 'recurringExpenses (the dates of each, with the expense made)',
} as const;

const expenseColumns = {
  id: expenses.id,
  groupId: expenses.groupId,
  payerMemberId: expenses.payerMemberId,
  createdByMemberId: expenses.createdByMemberId,
  totalOre: expenses.totalOre,
  currency: expenses.currency,
  rateMicros: expenses.rateMicros,
  rateDate: expenses.rateDate,
  expenseDate: expenses.expenseDate,
  merchant: expenses.merchant,
  category: expenses.category,
  note: expenses.note,
  splitMethod: expenses.splitMethod,
  imageKey: expenses.imageKey,
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
};

const withImageFlag = ({ imageKey, ...rest }: { imageKey: string | null } & Record<string, unknown>) => ({
  ...rest,
  hasImage: imageKey !== null,
});

async function accountPart(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const logins = await db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const sessionRows = await db
    .select({
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const devices = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return {
    account: account ?? null,
    logins,
    sessions: sessionRows,
    profile: profile ?? null,
    pushSubscriptions: devices,
  };
}

async function groupPart(db: DbOrTx, userId: string) {
  const memberships = await db.select().from(groupMembers).where(eq(groupMembers.userId, userId));
  const groupIds = memberships.map((m) => m.groupId);
  const groupRows = groupIds.length ? await db.select().from(groups).where(inArray(groups.id, groupIds)) : [];
  const groupsOut = groupRows.map(({ imageKey, inviteCode, ownerId, ...group }) => ({
    ...group,
    isOwner: ownerId === userId,
    hasImage: imageKey !== null,
    // The code opens the group to anyone; only its owner can hand it out, so only the owner gets it.
    ...(ownerId === userId ? { inviteCode } : {}),
  }));
  return { memberships, groups: groupsOut, memberIds: memberships.map((m) => m.id) };
}

/** Series the user started or that create expenses they pay, each with its occurrences. */
async function recurringPart(db: DbOrTx, memberIds: string[]) {
  const payer = sql`${recurringExpenses.template}->>'payerMemberId'`;
  const series = await db
    .select()
    .from(recurringExpenses)
    .where(or(inArray(recurringExpenses.createdByMemberId, memberIds), inArray(payer, memberIds)));
  if (series.length === 0) return [];
  const occurrences = await db
    .select()
    .from(recurringOccurrences)
    .where(
      inArray(
        recurringOccurrences.seriesId,
        series.map((s) => s.id),
      ),
    );
  return series.map((s) => ({ ...s, occurrences: occurrences.filter((o) => o.seriesId === s.id) }));
}

async function moneyPart(db: DbOrTx, memberIds: string[]) {
  if (memberIds.length === 0)
    return {
      groupEvents: [],
      recurringExpenses: [],
      expensesPaid: [],
      expensesUploaded: [],
      payers: [],
      shares: [],
      expenseItems: [],
      settlements: [],
    };
  // Every expense the user paid, alone or with others (decision 057), and what they paid of each.
  const payers = await db
    .select({
      expenseId: expensePayers.expenseId,
      memberId: expensePayers.memberId,
      groupId: expenses.groupId,
      expenseDate: expenses.expenseDate,
      merchant: expenses.merchant,
      currency: expenses.currency,
      amountOre: expensePayers.amountOre,
    })
    .from(expensePayers)
    .innerJoin(expenses, eq(expenses.id, expensePayers.expenseId))
    .where(inArray(expensePayers.memberId, memberIds));
  const paidIdList = [...new Set(payers.map((p) => p.expenseId))];
  const paid = paidIdList.length
    ? await db.select(expenseColumns).from(expenses).where(inArray(expenses.id, paidIdList))
    : [];
  const uploaded = await db.select(expenseColumns).from(expenses).where(inArray(expenses.createdByMemberId, memberIds));
  const paidIds = new Set(paid.map((r) => r.id));
  const shares = await db
    .select({
      expenseId: expenseShares.expenseId,
      memberId: expenseShares.memberId,
      groupId: expenses.groupId,
      expenseDate: expenses.expenseDate,
      merchant: expenses.merchant,
      category: expenses.category,
      currency: expenses.currency,
      shareType: expenseShares.shareType,
      shareInput: expenseShares.shareInput,
      shareOre: expenseShares.shareOre,
    })
    .from(expenseShares)
    .innerJoin(expenses, eq(expenses.id, expenseShares.expenseId))
    .where(inArray(expenseShares.memberId, memberIds));
  const settlementRows = await db
    .select()
    .from(settlements)
    .where(or(inArray(settlements.fromMemberId, memberIds), inArray(settlements.toMemberId, memberIds)));
  const events = await db.select().from(groupEvents).where(inArray(groupEvents.actorMemberId, memberIds));
  const itemExpenseIds = [...new Set([...paid, ...uploaded].map((r) => r.id).concat(shares.map((s) => s.expenseId)))];
  const items = itemExpenseIds.length
    ? await db
        .select()
        .from(expenseItems)
        .where(inArray(expenseItems.expenseId, itemExpenseIds))
        .orderBy(expenseItems.expenseId, expenseItems.position)
    : [];
  return {
    groupEvents: events,
    recurringExpenses: await recurringPart(db, memberIds),
    expensesPaid: paid.map(withImageFlag),
    expensesUploaded: uploaded.filter((r) => !paidIds.has(r.id)).map(withImageFlag),
    payers,
    shares,
    expenseItems: items,
    settlements: settlementRows,
  };
}

async function otherPart(db: DbOrTx, userId: string, email: string | null) {
  const auditEntries = await db.select().from(auditLog).where(eq(auditLog.actorId, userId));
  const invitesCreated = await db
    .select({
      id: invites.id,
      groupId: invites.groupId,
      expiresAt: invites.expiresAt,
      revokedAt: invites.revokedAt,
      maxUses: invites.maxUses,
      useCount: invites.useCount,
      createdAt: invites.createdAt,
    })
    .from(invites)
    .where(eq(invites.createdByUserId, userId));
  const newsletter = email
    ? await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
    : [];
  const collaboration = email
    ? await db.select().from(collaborationRequests).where(eq(collaborationRequests.email, email))
    : [];
  return { auditEntries, invitesCreated, newsletterSubscriptions: newsletter, collaborationRequests: collaboration };
}

/** Everything Kvitt holds about one user, section by section as exportCoverage lists it. */
export async function collectExport(db: DbOrTx, userId: string, now: Date): Promise<AccountExport> {
  const account = await accountPart(db, userId);
  const group = await groupPart(db, userId);
  const money = await moneyPart(db, group.memberIds);
  const other = await otherPart(db, userId, account.account?.email.toLowerCase() ?? null);
  return {
    format: 'kvitt-export/1',
    exportedAt: now.toISOString(),
    account: account.account ?? {},
    logins: account.logins,
    sessions: account.sessions,
    profile: account.profile,
    pushSubscriptions: account.pushSubscriptions,
    groups: group.groups,
    memberships: group.memberships,
    ...money,
    ...other,
  };
}
