import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '#shared/api/groups-limits.ts';
import type { CreateGroupBody, CreateGroupForm } from '#shared/api/groups.ts';
import { CURRENCIES } from '#shared/domain/currency.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { validationText } from '../../lib/form.ts';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { toast } from '../../lib/toast.ts';
import { ImagePicker, type PickedImage } from './image-picker.tsx';
import { uploadGroupImage, useCreateGroup } from './queries.ts';

const texts = sv.groups.create;

const resolver = schemaResolver(() => import('#shared/api/groups.ts').then((m) => m.createGroupBody));

/** /app/create-group: name required, description and image optional; then the new group's page. */
export function Component() {
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [image, setImage] = useState<PickedImage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateGroupForm, unknown, CreateGroupBody>({
    resolver,
    defaultValues: { name: '', description: '', currency: 'SEK' },
  });
  useEffect(() => resolver.preload(), []);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    let groupId: string;
    try {
      groupId = (await create.mutateAsync(body)).id;
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      for (const name of ['name', 'description'] as const)
        if (fields[name]) form.setError(name, { message: fields[name] });
      if (!fields.name && !fields.description) setFailure(errorText(error));
      return;
    }
    if (image)
      await uploadGroupImage(groupId, image.file).catch((error: unknown) =>
        toast.error(texts.imageFailed, { description: errorText(error) }),
      );
    toast.success(texts.created);
    await navigate(`/app/group/${groupId}`);
  });

  return (
    <div className="mx-auto w-full max-w-xl">
      <PageTitle page={texts.title} />
      <Card>
        <CardHeader>
          <CardTitle as="h1">{texts.title}</CardTitle>
          <CardDescription>{texts.description}</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <CardContent className="grid gap-5">
            {failure ? <Alert variant="error">{failure}</Alert> : null}
            <Field label={texts.name} error={validationText(errors.name?.message)}>
              {(control) => (
                <Input
                  autoComplete="off"
                  maxLength={GROUP_NAME_MAX}
                  placeholder={texts.namePlaceholder}
                  {...control}
                  {...form.register('name')}
                />
              )}
            </Field>
            <Field label={texts.descriptionLabel} error={validationText(errors.description?.message)}>
              {(control) => (
                <Textarea
                  rows={3}
                  maxLength={GROUP_DESCRIPTION_MAX}
                  placeholder={texts.descriptionPlaceholder}
                  {...control}
                  {...form.register('description')}
                />
              )}
            </Field>
            <Field label={texts.currency} hint={texts.currencyHint}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="currency"
                  render={({ field }) => (
                    <Select value={field.value ?? 'SEK'} onValueChange={field.onChange}>
                      <SelectTrigger id={control.id} aria-describedby={control['aria-describedby']} className="w-40">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {CURRENCIES.map((currency) => (
                          <SelectItem key={currency} value={currency}>
                            {currency}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </Field>
            <ImagePicker image={image} onChange={setImage} />
          </CardContent>
          <CardFooter className="flex justify-end gap-2 pt-2">
            <Button variant="outline" asChild>
              <Link to="/app">{texts.cancel}</Link>
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? texts.submitting : texts.submit}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
