import { GroupSettingsView, type GroupSettingsSection } from '../features/groups/group-settings-view.tsx';
import { MemberSettings } from '../features/groups/member-settings.tsx';
import { CsvExportSection } from '../features/expenses/csv-export-section.tsx';
import { TransferThresholdSection } from '../features/settlement/transfer-threshold-section.tsx';

/**
 * The sections of "Gruppinställningar", top to bottom. features/settlement adds "Små överföringar" and
 * features/expenses "Exportera till CSV" here, each with one line after the members.
 */
const sections: readonly GroupSettingsSection[] = [
  { id: 'members', Content: MemberSettings },
  { id: 'transfer-threshold', Content: TransferThresholdSection },
  { id: 'csv', Content: CsvExportSection },
];

/** /app/group/{id}/settings: composed here because several features contribute a section. */
export function Component() {
  return <GroupSettingsView sections={sections} />;
}
