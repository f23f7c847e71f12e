import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PERSON_NAME_MAX } from '#shared/api/account-limits.ts';
import type { PersonBody } from '#shared/api/groups.ts';
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
import { useAddPerson, useRenamePerson } from './queries.ts';

const texts = sv.groups.people;
const resolver = schemaResolver(() => import('#shared/api/groups.ts').then((m) => m.personBody));

// A name someone in the group already has is said at the field, where it can be changed.
const TAKEN = 'PERSON_NAME_TAKEN';
const fieldText = (message: string | undefined) => (message === TAKEN ? sv.errors[TAKEN] : validationText(message));

interface Props {
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The person to rename; without one the dialog adds a new person. */
  person?: { id: string; name: string } | undefined;
}

/** "Lägg till person" (a name only) or "Byt namn" on a person without an account; the typed text stays on failure. */
export function PersonDialog({ groupId, open, onOpenChange, person }: Props) {
  const add = useAddPerson(groupId);
  const rename = useRenamePerson(groupId);
  const form = useForm<PersonBody>({ resolver, defaultValues: { name: person?.name ?? '' } });
  useEffect(() => resolver.preload(), []);
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: person?.name ?? '' });
  }, [open, person?.name, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      if (person) {
        await rename.mutateAsync({ memberId: person.id, name });
        toast.success(texts.renamed);
      } else {
        const added = await add.mutateAsync(name);
        toast.success(sv.fill(texts.added, { name: added.name ?? name }));
      }
      onOpenChange(false);
    } catch (error) {
      const field = error instanceof ApiError ? (error.code === TAKEN ? TAKEN : error.fields?.name) : undefined;
      if (field) form.setError('name', { message: field }, { shouldFocus: true });
      else toast.error(person ? texts.renameFailed : texts.addFailed, { description: errorText(error) });
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-md">
        <DialogHeader>
          <DialogTitle>{person ? sv.fill(texts.renameTitle, { name: person.name }) : texts.addTitle}</DialogTitle>
          {person ? null : <DialogDescription>{texts.addDescription}</DialogDescription>}
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <Field label={texts.name} error={fieldText(form.formState.errors.name?.message)}>
            {(control) => (
              <Input
                autoComplete="off"
                autoCapitalize="words"
                maxLength={PERSON_NAME_MAX}
                placeholder={person ? undefined : texts.namePlaceholder}
                {...control}
                {...form.register('name')}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={submitting}>
              {person ? (submitting ? texts.renameSaving : texts.renameSave) : submitting ? texts.saving : texts.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
