import { useId } from 'react';
import type { ClaimablePerson } from '#shared/api/invites.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';

const texts = sv.groups.claim;

/** Who the one joining is (decision 056): "Jag är {namn}" per person without an account, or a new member. */
export function ClaimChoice({
  people,
  pending,
  onChoose,
}: {
  people: readonly ClaimablePerson[];
  /** The choice being sent (a member id or `new`), or null; every button waits meanwhile. */
  pending: string | null;
  onChoose: (as: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 text-left">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {texts.title}
        </h2>
        <p className="text-sm text-muted-foreground">{texts.intro}</p>
      </div>
      <ul className="grid gap-2">
        {people.map((person) => (
          <li key={person.memberId}>
            <Button
              variant="outline"
              size="lg"
              className="w-full break-words whitespace-normal"
              disabled={pending !== null}
              onClick={() => onChoose(person.memberId)}
            >
              {sv.fill(texts.iAm, { name: person.name })}
            </Button>
          </li>
        ))}
      </ul>
      <Button size="lg" disabled={pending !== null} onClick={() => onChoose('new')}>
        {pending === 'new' ? sv.groups.invitePage.joining : texts.asNew}
      </Button>
    </section>
  );
}

/** The welcome after joining: with the name taken over when the joiner chose one of the people. */
export function joinedText(group: string, people: readonly ClaimablePerson[], as: string | undefined): string {
  const claimed = people.find((person) => person.memberId === as);
  return claimed
    ? sv.fill(texts.joinedAs, { group, name: claimed.name })
    : sv.fill(sv.groups.invitePage.joined, { group });
}
