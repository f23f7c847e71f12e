import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert, Skeleton } from '../../components/ui/feedback.tsx';
import { profileQuery } from '../../lib/queries/account.ts';
import { NotificationsCard } from './notifications-card.tsx';
import { PasswordForm } from './password-form.tsx';
import { PrivacyData } from './privacy-data.tsx';
import { ProfileForm } from './profile-form.tsx';

const texts = sv.account;

/**
 * /app/settings, also the "Valutainställningar" quick action: personal details, password, this device's
 * notifications, then privacy and data.
 */
export function Component() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageTitle page={texts.title} />
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/app">
          <ArrowLeftIcon aria-hidden />
          {texts.back}
        </Link>
      </Button>
      <h1 className="text-2xl font-semibold tracking-tight">{texts.title}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{texts.profile.title}</CardTitle>
          <CardDescription>{texts.profile.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileSection />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{texts.password.title}</CardTitle>
          <CardDescription>{texts.password.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      <NotificationsCard />
      <Card>
        <CardHeader>
          <CardTitle>{texts.privacy.title}</CardTitle>
          <CardDescription>{texts.privacy.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <PrivacyData />
        </CardContent>
      </Card>
    </div>
  );
}

function ProfileSection() {
  const profile = useQuery(profileQuery);
  if (profile.data) return <ProfileForm profile={profile.data} />;
  if (profile.isError) {
    return (
      <Alert variant="error" title={texts.profile.loadFailed}>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void profile.refetch()}>
          {sv.shell.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">{sv.shell.loading}</span>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-16" />
      ))}
    </div>
  );
}
