import { useState } from 'react';
import { DownloadIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import { csvFileName } from '#shared/domain/csv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { client, errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

const texts = sv.expenses.csv;

/** The name the server gave the file (RFC 5987 form first), or one made from the group name. */
function fileNameOf(response: { headers: Headers }, groupName: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return csvFileName(groupName);
}

async function download(group: GroupDetail): Promise<void> {
  const response = await client.api.groups[':groupId']['expenses.csv'].$get({ param: { groupId: group.id } });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, group.name);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Exportera till CSV" in group settings: every expense, in a file named after the group (decision 016). */
export function CsvExportSection({ group }: { group: GroupDetail }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(group);
      toast.success(texts.done);
    } catch (error) {
      toast.error(texts.failed, { description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.title}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => void run()} disabled={busy}>
          <DownloadIcon aria-hidden />
          {busy ? texts.exporting : texts.button}
        </Button>
      </CardContent>
    </Card>
  );
}
