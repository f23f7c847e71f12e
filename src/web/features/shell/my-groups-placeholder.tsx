import * as sv from '#shared/i18n/sv.ts';

/** The "Mina grupper" slot until the groups feature provides its list. */
export function MyGroupsPlaceholder() {
  return (
    <p className="px-2 py-1 text-sm text-muted-foreground group-data-[state=collapsed]/sidebar:sr-only">
      {sv.shell.myGroupsEmpty}
    </p>
  );
}
