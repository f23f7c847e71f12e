import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { GROUP_NAME_MAX } from '#shared/api/groups-limits.ts';
import type { GroupSummary, RenameGroupForm } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { validationText } from '../../lib/form.ts';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { toast } from '../../lib/toast.ts';
import { useRenameGroup } from './queries.ts';

const texts = sv.groups.rename;
const resolver = schemaResolver(() => import('#shared/api/groups.ts').then((m) => m.renameGroupForm));

interface Props {
  group: Pick<GroupSummary, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Byt namn": a non-blank name; the typed text stays if saving fails. */
export function RenameGroupDialog({ group, open, onOpenChange }: Props) {
  const rename = useRenameGroup();
  const form = useForm<RenameGroupForm>({ resolver, defaultValues: { name: group.name } });
  useEffect(() => resolver.preload(), []);
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: group.name });
  }, [open, group.name, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ groupId: group.id, name });
      toast.success(texts.done);
      onOpenChange(false);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.name : undefined;
      if (field) form.setError('name', { message: field });
      else toast.error(texts.failed, { description: errorText(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-md">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription className="truncate">{group.name}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <Field label={texts.label} error={validationText(form.formState.errors.name?.message)}>
            {(control) => (
              <Input autoComplete="off" maxLength={GROUP_NAME_MAX} {...control} {...form.register('name')} />
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? texts.saving : texts.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
