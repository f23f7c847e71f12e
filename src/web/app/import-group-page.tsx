import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FileUpIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { GROUP_NAME_MAX } from '#shared/api/groups-limits.ts';
import type { ImportGroupForm, ImportPreview, ImportWarningView } from '#shared/api/imports.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../components/page-title.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Alert } from '../components/ui/feedback.tsx';
import { Field } from '../components/ui/field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '../components/ui/radio-group.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError, errorText } from '../lib/api.ts';
import { validationText } from '../lib/form.ts';
import { schemaResolver } from '../lib/schema-resolver.ts';
import { toast } from '../lib/toast.ts';
import { countText } from '../features/groups/count-text.ts';
import { previewImport, readFileText, useImportGroup } from '../features/groups/import-queries.ts';
import { BalanceList } from '../features/settlement/balance-list.tsx';

const texts = sv.imports;
// The server reads at most this much (IMPORT_MAX_BYTES); a larger file is refused here before it is sent.
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Stands for the caller among the file's people, who have no user ids. */
const ME = 'me';

const resolver = schemaResolver(() => import('#shared/api/imports.ts').then((m) => m.importGroupForm));

type Stage =
  | { kind: 'choose' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'failed'; fileName: string; title: string; detail: string | null }
  | { kind: 'preview'; fileName: string; file: string; preview: ImportPreview };

/** Where in the file a refusal points, in words: the line, the expense of a JSON file, the currency, an Excel file. */
function problemDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const { row, expense, value } = error.fields;
  if (value === 'xlsx') return texts.excelFile;
  const parts = [
    row ? sv.fill(texts.problemRow, { row }) : null,
    expense ? sv.fill(texts.problemExpense, { expense }) : null,
    value && error.code.endsWith('CURRENCY') ? sv.fill(texts.problemCurrency, { value }) : null,
  ];
  return parts.filter(Boolean).join(' ') || null;
}

function warningText(warning: ImportWarningView): string {
  switch (warning.kind) {
    case 'skippedRows':
      return countText(texts.warnings.skippedRows, warning.count);
    case 'roundedRows':
      return countText(texts.warnings.roundedRows, warning.count);
    case 'namesChanged':
      return countText(texts.warnings.namesChanged, warning.count);
    case 'currencyGuessed':
      return sv.fill(texts.warnings.currencyGuessed, { value: warning.value, currency: warning.currency });
  }
}

/** /app/import-group: choose an export → see the group it makes and say who you are → "Importera grupp". */
export function Component() {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const inputRef = useRef<HTMLInputElement>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    if (inputRef.current) inputRef.current.value = '';
    if (file.size > MAX_FILE_BYTES) {
      setStage({ kind: 'failed', fileName: file.name, title: texts.tooLargeFile, detail: null });
      return;
    }
    setStage({ kind: 'reading', fileName: file.name });
    let text: string;
    try {
      text = await readFileText(file);
    } catch {
      setStage({ kind: 'failed', fileName: file.name, title: texts.unreadableFile, detail: null });
      return;
    }
    try {
      setStage({ kind: 'preview', fileName: file.name, file: text, preview: await previewImport(text) });
    } catch (error) {
      setStage({ kind: 'failed', fileName: file.name, title: errorText(error), detail: problemDetail(error) });
    }
  }

  const pickLabel = stage.kind === 'choose' ? texts.chooseFile : texts.otherFile;
  // A real button opens the browser's file dialog, so it is reached and shown focused like any other button.
  const picker = (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,.json,.txt,text/csv,application/json,text/plain"
        aria-label={pickLabel}
        tabIndex={-1}
        hidden
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button
        type="button"
        variant={stage.kind === 'choose' ? 'default' : 'outline'}
        onClick={() => inputRef.current?.click()}
      >
        <FileUpIcon aria-hidden />
        {pickLabel}
      </Button>
    </>
  );

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <PageTitle page={texts.title} />
      <Card>
        <CardHeader>
          <CardTitle as="h1">{texts.title}</CardTitle>
          <CardDescription>{texts.intro}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {stage.kind === 'choose' ? <HowTo /> : null}
          {stage.kind === 'reading' ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Spinner label={texts.reading} />
              {texts.reading}
            </p>
          ) : null}
          {stage.kind === 'failed' ? (
            <Alert variant="error" title={stage.title}>
              {stage.detail ? <p>{stage.detail}</p> : null}
              <p className="text-sm break-all text-muted-foreground">{stage.fileName}</p>
            </Alert>
          ) : null}
          {stage.kind !== 'preview' && stage.kind !== 'reading' ? (
            <div className="grid gap-1">
              <div>{picker}</div>
              <p className="text-sm text-muted-foreground">{texts.fileHint}</p>
            </div>
          ) : null}
        </CardContent>
      </Card>
      {stage.kind === 'preview' ? <PreviewForm key={stage.file} stage={stage} picker={picker} /> : null}
    </div>
  );
}

function HowTo() {
  return (
    <section aria-labelledby="import-how-to" className="grid gap-2 text-sm">
      <h2 id="import-how-to" className="font-medium">
        {texts.howToHeading}
      </h2>
      <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
        <li>{texts.howTo.splitwise}</li>
        <li>{texts.howTo.tricount}</li>
        <li>{texts.howTo.spliit}</li>
      </ul>
    </section>
  );
}

function PreviewForm({ stage, picker }: { stage: Extract<Stage, { kind: 'preview' }>; picker: ReactNode }) {
  const { preview, file } = stage;
  const navigate = useNavigate();
  const importGroup = useImportGroup();
  const [failure, setFailure] = useState<string | null>(null);
  const likelyMe = preview.people.find((person) => person.likelyMe)?.key ?? '';
  const form = useForm<ImportGroupForm>({ resolver, defaultValues: { name: preview.suggestedName, me: likelyMe } });
  useEffect(() => resolver.preload(), []);
  const { errors, isSubmitting } = form.formState;
  const me = useWatch({ control: form.control, name: 'me' });
  const tooMany = preview.memberLimit !== null && preview.people.length > preview.memberLimit;
  const app = texts.appNames[preview.format];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let groupId: string;
    try {
      groupId = await importGroup.mutateAsync({ ...values, file });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      if (fields.name) form.setError('name', { message: fields.name });
      if (fields.me) form.setError('me', { message: fields.me });
      if (!fields.name && !fields.me) setFailure(errorText(error));
      return;
    }
    toast.success(texts.imported);
    await navigate(`/app/group/${groupId}`);
  });

  const facts = [
    sv.fill(texts.fromApp, { app: texts.apps[preview.format] }),
    countText(texts.expenseCount, preview.expenseCount),
    preview.paymentCount > 0 ? countText(texts.paymentCount, preview.paymentCount) : null,
    preview.firstDate && preview.lastDate
      ? sv.fill(texts.period, { from: formatDate(preview.firstDate), to: formatDate(preview.lastDate) })
      : null,
    sv.fill(texts.total, { amount: formatMoney(preview.totalOre, preview.currency) }),
  ].filter(Boolean);

  return (
    <Card data-testid="import-preview">
      <CardHeader>
        <CardTitle as="h2">{texts.previewHeading}</CardTitle>
        <CardDescription>
          <span className="break-all">{stage.fileName}</span>
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CardContent className="grid gap-5">
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground" data-testid="import-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <div>{picker}</div>
          {preview.warnings.length > 0 ? (
            <Alert>
              {preview.warnings.map((warning) => (
                <p key={warning.kind}>{warningText(warning)}</p>
              ))}
            </Alert>
          ) : null}
          <section aria-labelledby="import-balances" className="grid gap-2">
            <h3 id="import-balances" className="font-medium">
              {texts.balancesHeading}
            </h3>
            <p className="text-sm text-muted-foreground">{sv.fill(texts.balancesHint, { app })}</p>
            <BalanceList
              balances={preview.people.map((person) => ({
                memberId: person.key,
                // The person chosen under "Vem är du?" is shown as "(du)", as the Balans tab shows the caller.
                userId: person.key === me ? ME : null,
                name: person.name,
                balanceOre: person.balanceOre,
                removed: false,
              }))}
              currency={preview.currency}
              myUserId={ME}
            />
          </section>
          <fieldset className="grid gap-2" aria-describedby="import-me-hint">
            <legend className="mb-1 font-medium">{texts.meLegend}</legend>
            <p id="import-me-hint" className="text-sm text-muted-foreground">
              {texts.meHint}
            </p>
            <Controller
              control={form.control}
              name="me"
              render={({ field }) => (
                <RadioGroup
                  aria-label={texts.meLegend}
                  value={field.value}
                  onValueChange={field.onChange}
                  aria-invalid={errors.me ? true : undefined}
                  className="grid gap-1"
                >
                  {preview.people.map((person) => (
                    <div key={person.key} className="flex min-h-11 items-center gap-3">
                      <RadioGroupItem value={person.key} id={`import-me-${person.key}`} />
                      <Label htmlFor={`import-me-${person.key}`} className="flex-1 py-2 font-normal">
                        {person.name}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              )}
            />
            {errors.me ? <p className="ui-field-error">{validationText(errors.me.message)}</p> : null}
          </fieldset>
          <Field label={texts.name} error={validationText(errors.name?.message)}>
            {(control) => (
              <Input autoComplete="off" maxLength={GROUP_NAME_MAX} {...control} {...form.register('name')} />
            )}
          </Field>
          {tooMany ? (
            <Alert variant="error">
              {sv.fill(texts.memberLimit, { count: preview.people.length, limit: preview.memberLimit ?? 0 })}
            </Alert>
          ) : null}
          {failure ? <Alert variant="error">{failure}</Alert> : null}
        </CardContent>
        <CardFooter className="flex justify-end pt-2">
          <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting || tooMany}>
            {isSubmitting ? texts.submitting : texts.submit}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
