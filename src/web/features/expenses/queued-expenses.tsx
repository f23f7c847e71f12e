import { useState } from 'react';
import { CloudOffIcon } from 'lucide-react';
import type { ErrorCode } from '#shared/errors.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { categoryLabel } from './labels.ts';
import { useQueuedExpenses, type QueuedExpense } from './outbox-state.ts';

const texts = sv.pwa.outbox;

/** What a refusal means for an entry made offline: the group changed meanwhile, or the server's own reason. */
export function refusalText(code: ErrorCode): string {
  if (code === 'GROUP_SETTLED') return texts.settled;
  if (code === 'NOT_FOUND' || code === 'FORBIDDEN') return texts.removed;
  return sv.errors[code];
}

const loadOutbox = () => import('./outbox.ts');

function QueuedItem({ entry, userId }: { entry: QueuedExpense; userId: string }) {
  const [busy, setBusy] = useState(false);
  const { body, problem } = entry;
  const act = async (action: 'retry' | 'discard') => {
    setBusy(true);
    try {
      const outbox = await loadOutbox();
      await (action === 'retry' ? outbox.retryQueued(userId, body.id) : outbox.discardQueued(userId, body.id));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="grid gap-2 rounded-lg border border-dashed bg-card p-3 sm:p-4" data-testid="queued-expense">
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 truncate font-medium">{body.merchant?.trim() || categoryLabel(body.category)}</h3>
            <Badge variant={problem ? 'negative' : 'secondary'}>
              {problem ? (
                texts.notSent
              ) : (
                <>
                  <CloudOffIcon aria-hidden className="size-3.5" />
                  {texts.pending}
                </>
              )}
            </Badge>
          </div>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <span>{formatDate(body.expenseDate)}</span>
            {entry.image ? <span>{texts.withImage}</span> : null}
          </p>
        </div>
        <span className="font-semibold tabular-nums">{formatMoney(body.totalOre, body.currency)}</span>
      </div>
      {problem ? (
        <div className="grid gap-2" role="alert">
          <p className="text-sm">{refusalText(problem)}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={busy} onClick={() => void act('retry')}>
              {texts.retry}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => void act('discard')}>
              {texts.discard}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Expenses this user added in the group without a connection, above the saved ones until they are sent (053). */
export function QueuedExpenses({ groupId }: { groupId: string }) {
  const { userId, entries } = useQueuedExpenses(groupId);
  if (!userId || entries.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label={texts.listLabel}>
      {entries.map((entry) => (
        <QueuedItem key={entry.body.id} entry={entry} userId={userId} />
      ))}
    </ul>
  );
}
