import { useState } from 'react';
import { DownloadIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Separator } from '../../components/ui/separator.tsx';
import { toast } from '../../lib/toast.ts';
import { forgetOfflineData } from '../../lib/offline-session.ts';
import { deleteAccount, downloadExport, failureText } from './account-api.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

const texts = sv.account.privacy;

/** Integritet & Data: the policy, the GDPR export and account deletion, each with its own busy state. */
export function PrivacyData() {
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadExport();
      toast.success(texts.exported);
    } catch (error) {
      toast.error(failureText(error, texts.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const runDelete = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      toast.error(failureText(error, sv.account.deleteDialog.failed));
      setDeleting(false);
      throw error;
    }
    // Nothing kept for reading offline may outlive the account, and the reload below would cut its removal short.
    await forgetOfflineData();
    // A full load of the start page: nothing of the deleted user (cache, session state) survives in this tab, and
    // the /app guard cannot send the browser to /auth on the way. The start page says goodbye (site/landing-page.tsx).
    window.location.replace('/?konto=raderat');
  };

  return (
    <div className="grid gap-5">
      <Link
        to="/privacy-policy"
        className="flex w-fit items-center gap-2 text-sm font-medium underline underline-offset-4 max-md:min-h-11"
      >
        <ShieldCheckIcon className="size-4 text-primary" aria-hidden />
        {texts.policyLink}
      </Link>
      <Separator />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="font-medium">{texts.exportTitle}</h3>
          <p className="text-sm text-muted-foreground">{texts.exportText}</p>
        </div>
        <Button variant="outline" disabled={exporting} onClick={() => void runExport()} className="shrink-0">
          <DownloadIcon aria-hidden />
          {exporting ? texts.exporting : texts.export}
        </Button>
      </div>
      <Separator />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="font-medium">{texts.deleteTitle}</h3>
          <p className="text-sm text-muted-foreground">{texts.deleteText}</p>
        </div>
        <DeleteAccountDialog deleting={deleting} onConfirm={runDelete} />
      </div>
    </div>
  );
}
