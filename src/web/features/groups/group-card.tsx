import { CalendarIcon, UsersIcon, WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupSummary } from '#shared/api/groups.ts';
import { formatDate, formatMoney, todayIso } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { countText } from './count-text.ts';
import { GroupImage } from './group-avatar.tsx';

const texts = sv.groups.list;

/** One card of "Dina grupper": image, name, description, member count, total spent, last updated. */
export function GroupCard({ group }: { group: GroupSummary }) {
  // The last change as a calendar day where the user lives, not in UTC.
  const updated = formatDate(todayIso(new Date(group.updatedAt)));
  return (
    <li>
      <Link
        to={`/app/group/${group.id}`}
        className="group/card flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md"
      >
        <GroupImage imageUrl={group.imageUrl} className="aspect-[5/2] w-full" />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="grid gap-1">
            <h2 className="truncate text-lg font-semibold group-hover/card:underline">{group.name}</h2>
            {group.description ? (
              <p className="line-clamp-2 text-sm text-muted-foreground">{group.description}</p>
            ) : null}
          </div>
          <ul className="mt-auto grid gap-1.5 text-sm">
            <li className="flex items-center gap-2">
              <UsersIcon aria-hidden className="size-4 text-muted-foreground" />
              {countText(sv.groups.counts.members, group.memberCount)}
            </li>
            <li className="flex items-center gap-2">
              <WalletIcon aria-hidden className="size-4 text-muted-foreground" />
              {texts.totalSpent}
              <span className="font-medium tabular-nums">{formatMoney(group.totalSpentOre, group.currency)}</span>
            </li>
            <li className="flex items-center gap-2 text-muted-foreground">
              <CalendarIcon aria-hidden className="size-4" />
              {sv.fill(texts.updated, { date: updated })}
            </li>
          </ul>
        </div>
      </Link>
    </li>
  );
}
