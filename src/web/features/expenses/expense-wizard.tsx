import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { GroupDetail } from '#shared/api/groups.ts';
import { todayIso } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert, Skeleton } from '../../components/ui/feedback.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { ApiError, errorText, NETWORK_FAILURE } from '../../lib/api.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useReceiptAutofill } from './assist-autofill.ts';
import { useReceiptScan } from './assist-queries.ts';
import { expenseFormResolver, newExpenseValues, STEP_FIELDS, type ExpenseFormValues } from './expense-form.ts';
import { InfoFields, preloadRateField } from './info-fields.tsx';
import { fillItemsFromReading } from './item-lines.ts';
import type { Person } from './people.ts';
import { useCreateExpense } from './queries.ts';
import { endBeforeStart, type RepeatChoice } from './recurring-choice.ts';
import { applyServerFieldErrors, STEP_OF } from './server-errors.ts';

const texts = sv.expenses.wizard;
const STEPS = 3;

// Not needed for step 1's first paint: steps 2 and 3 with the split arithmetic, the body built on save, the
// exchange rate field and the reading shown once a photo has been read (decision 069). Fetched as soon as step 1
// shows, so "Nästa" rarely waits, and a step whose code is there opens without a placeholder (`preloadable`).
const participantStep = preloadable(() => import('./assist-suggest.tsx').then((m) => m.ParticipantStep));
const splitStep = preloadable(() => import('./wizard-split-step.tsx').then((m) => m.WizardSplitStep));
const scanPanel = preloadable(() => import('./assist-scan-panel.tsx').then((m) => m.ReceiptScanPanel));
const loadLaterParts = () =>
  Promise.all([
    participantStep.preload(),
    splitStep.preload(),
    scanPanel.preload(),
    import('./expense-body.ts'),
    preloadRateField(),
  ]);
const ParticipantStep = participantStep.Component;
const SplitStep = splitStep.Component;
const ReceiptScanPanel = scanPanel.Component;

interface Props {
  group: GroupDetail;
  people: readonly Person[];
  /** A photo shared into Kvitt from another app: attached and read as the wizard opens. */
  sharedFile?: File | null;
}

/** The three-step add-expense wizard: each step is checked before the next opens; save on the last. */
export function ExpenseWizard({ group, people, sharedFile = null }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateExpense(group.id);
  // "Upprepa" on the last step (decision 061): set, the expense is saved as the first of a recurring series.
  const [repeat, setRepeat] = useState<RepeatChoice>(null);
  // The expense's id is chosen here, so the preview's leftover-öre tie-break is the one the server saves.
  const [seed] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState(0);
  const [showProblem, setShowProblem] = useState(false);
  const [imageBusy, setImageBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [offlineImage, setOfflineImage] = useState<File | null>(null);
  const userId = useSession().session?.user.id;
  const heading = useRef<HTMLHeadingElement>(null);
  const resolver = expenseFormResolver(group.currency);
  const form = useForm<ExpenseFormValues>({
    resolver,
    defaultValues: newExpenseValues({
      currency: group.currency,
      today: todayIso(),
      myMemberId: group.myMemberId,
      memberIds: people.map((p) => p.id),
    }),
  });
  const readNote = useRef<HTMLParagraphElement>(null);
  const { onRead, readFields } = useReceiptAutofill(form, readNote, step === 0);
  const [itemsFromReceipt, setItemsFromReceipt] = useState(false);
  const scan = useReceiptScan(group.id, (imageId, result) => {
    onRead(imageId, result);
    if (fillItemsFromReading(form, result.items)) setItemsFromReceipt(true);
  });
  const first = useRef(true);
  useEffect(() => void loadLaterParts().catch(() => undefined), []);
  // The group's own rules ready before the first "Nästa", so it is checked at once (decision 089).
  useEffect(() => resolver.preload(), [resolver]);
  useEffect(() => {
    // Moving to another step moves focus to its title, so a screen reader says where the person is.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [step]);

  const next = () => {
    const fields = STEP_FIELDS[step] ?? [];
    const advance = () => {
      // What this step's toasts said (a photo read, a suggestion applied) belongs to it and stays behind.
      toast.dismiss();
      setStep((current) => Math.min(current + 1, STEPS - 1));
    };
    // With the rules at hand a step that passes opens within the tap itself, not a task later (decision 089); one
    // that fails, or a check before the rules arrived, goes through trigger, which shows the errors and focuses them.
    if (resolver.passesNow(form.getValues(), fields)) {
      form.clearErrors([...fields]);
      advance();
      return;
    }
    void form.trigger([...fields], { shouldFocus: true }).then((passed) => {
      if (passed) advance();
    });
  };

  const save = async (values: ExpenseFormValues) => {
    setFailure(null);
    const memberOrder = people.map((p) => p.id);
    const { splitProblem, toExpenseBody } = await import('./expense-body.ts');
    if (splitProblem(values, memberOrder, seed) !== null) {
      setShowProblem(true);
      return;
    }
    if (endBeforeStart(repeat, values.expenseDate)) return;
    const body = { id: seed, ...toExpenseBody(values, group.currency, memberOrder, seed), imageId: values.imageId };
    // Without a connection (or with a photo kept offline) the expense waits on the device under the same id, so
    // sending it later, even twice, makes one expense (decision 053).
    const keepOnDevice = async () => {
      if (!userId) return false;
      const { queueExpense } = await import('./outbox.ts');
      await queueExpense(userId, { groupId: group.id, body, image: offlineImage });
      toast.success(sv.pwa.outbox.queued);
      await navigate(`/app/group/${group.id}?tab=receipts`);
      return true;
    };
    // A recurring expense is saved online only: the device queue holds single expenses.
    const offline = repeat !== null && (!navigator.onLine || offlineImage !== null);
    if (offline) {
      setFailure(sv.recurring.offline);
      toast.error(sv.recurring.offline);
      return;
    }
    if ((!navigator.onLine || offlineImage) && (await keepOnDevice())) return;
    try {
      if (repeat) {
        const { createRecurring } = await import('./recurring-create.ts');
        await createRecurring(queryClient, group.id, { ...body, repeat });
      } else await create.mutateAsync(body);
    } catch (error) {
      if (!repeat && error instanceof ApiError && error.status === NETWORK_FAILURE && (await keepOnDevice())) return;
      const fields = applyServerFieldErrors(error, form.setError);
      if (fields.length > 0) setStep(Math.min(...fields.map((field) => STEP_OF[field] ?? 0)));
      setFailure(errorText(error));
      toast.error(errorText(error));
      return;
    }
    toast.success(sv.expenses.toasts.created);
    await navigate(`/app/group/${group.id}?tab=receipts`);
  };

  const submit = form.handleSubmit(save, (errors) => {
    const steps = Object.keys(errors).map((field) => STEP_OF[field as keyof ExpenseFormValues] ?? 0);
    setStep(Math.min(...steps));
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < STEPS - 1) next();
    else void submit(event);
  };
  const saving = form.formState.isSubmitting || create.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{texts.title}</CardTitle>
        <CardDescription>{group.name}</CardDescription>
        <p className="pt-2 text-sm font-medium" id="wizard-progress">
          {fill(texts.step, { step: step + 1, total: STEPS })}
        </p>
        <Progress value={((step + 1) / STEPS) * 100} aria-labelledby="wizard-progress" />
      </CardHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        <CardContent className="grid gap-5">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {texts.stepTitles[step]}
          </h2>
          {group.isSettled ? <Alert variant="error">{texts.settled}</Alert> : null}
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div hidden={step !== 0}>
            <InfoFields
              form={form}
              people={people}
              groupId={group.id}
              groupCurrency={group.currency}
              onImageBusy={setImageBusy}
              onImageKept={setOfflineImage}
              onImageUploaded={scan.read}
              initialImageFile={sharedFile}
              imageAssist={
                <Suspense fallback={null}>
                  <ReceiptScanPanel form={form} scan={scan} />
                </Suspense>
              }
              photoFirst={{
                title: sv.assist.scan.photoFirst,
                lead: sv.assist.scan.photoFirstLead,
                readFields,
                readNote: (
                  // Always there, so screen readers hear it when the reading fills it; the view returns to it.
                  <p
                    ref={readNote}
                    tabIndex={-1}
                    role="status"
                    className={
                      readFields.length > 0
                        ? 'scroll-mt-4 rounded-lg border border-primary/40 bg-primary/5 px-3 py-2 text-sm outline-none sm:col-span-2'
                        : 'sr-only'
                    }
                  >
                    {readFields.length > 0 ? sv.assist.scan.filled : null}
                  </p>
                ),
              }}
            />
          </div>
          <Suspense fallback={<Skeleton className="h-64" />}>
            {step === 1 ? (
              <ParticipantStep form={form} people={people} groupId={group.id} groupCurrency={group.currency} />
            ) : null}
            {step === 2 ? (
              <SplitStep
                form={form}
                people={people}
                seed={seed}
                showProblem={showProblem}
                itemsFromReceipt={itemsFromReceipt}
                repeat={repeat}
                onRepeatChange={setRepeat}
              />
            ) : null}
          </Suspense>
        </CardContent>
        <CardFooter className="flex justify-between gap-2">
          {step === 0 ? (
            <Button variant="outline" asChild>
              <Link to={`/app/group/${group.id}`}>{texts.cancel}</Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setStep(step - 1)}>
              {texts.back}
            </Button>
          )}
          <Button type="submit" disabled={saving || imageBusy || (step === STEPS - 1 && group.isSettled)}>
            {step < STEPS - 1 ? texts.next : saving ? texts.saving : texts.save}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
