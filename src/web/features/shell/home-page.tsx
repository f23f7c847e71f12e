import { PlusIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/feedback.tsx';

/** /app until the groups feature replaces it: the empty state of "Dina grupper". */
export function Component() {
  const texts = sv.shell.home;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageTitle page={texts.title} />
      <h1 className="text-2xl font-semibold tracking-tight">{texts.title}</h1>
      <EmptyState
        icon={<UsersIcon aria-hidden />}
        title={texts.emptyTitle}
        description={texts.emptyText}
        action={
          <Button asChild>
            <Link to="/app/create-group">
              <PlusIcon aria-hidden />
              {texts.createGroup}
            </Link>
          </Button>
        }
      />
    </div>
  );
}
