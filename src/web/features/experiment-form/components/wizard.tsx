/**
 * The seven-step experiment form (docs/product-rules.md#wizard). One react-hook-form instance validated
 * by the shared schema; "Próximo" moves only when the current step validates. Work in progress
 * is kept as a draft in localStorage as the user types, and offered back when the form reopens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { type Experiment, type ExperimentData, experimentSchema, isConcluido } from '../../../../shared/experiment.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Modal } from '../../../components/ui/modal.js';
import type { ExtractorSlot, PlanningChecklistSlot } from '../../../lib/slots.js';
import { PlanningChecklistContext } from './planning-slot.js';
import { peekHandedReport } from '../../../lib/report-handoff.js';
import { type FormValues, STEPS, TOTAL_STEPS, fromExperiment, newExperimentDefaults } from '../form-values.js';
import { readEditingExperiment } from '../storage.js';
import { StepConsultoria, StepCultura, StepEstatistica, StepLocalizacao, StepSolo } from './step-fields.js';
import { StepTratamentos } from './step-tratamentos.js';
import { StepUpload, type UploadState } from './step-upload.js';
import { SavedOnDeviceNotice } from './saved-on-device.js';
import { useDraft } from './use-draft.js';
import { useExtractionFill } from './use-extraction-fill.js';
import { usePendingCorrection } from './use-pending-correction.js';
import { useStepNavigation } from './use-step-navigation.js';
import { useSubmitExperiment } from './use-submit-experiment.js';
import { useUploadField } from './use-upload-field.js';
import { DraftOffer, EditingNotice, PendingNotice, StaleVersion, UploadProgress } from './wizard-notices.js';

// The shared schema's input type is looser (unknown for preprocessed numbers) than the form's
// own value type; the cast states that the form's values are what the schema parses.
const resolver = zodResolver(experimentSchema) as unknown as Resolver<FormValues, unknown, ExperimentData>;

/**
 * Step 1's offer to fill the form from a report before typing it step by step. On phones its
 * label wraps (the `!` overrides Button's fixed height and no-wrap; class names are not merged).
 */
function StartFromReport({ onOpen }: { onOpen: () => void }) {
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-800">
        Tem o relatório do ensaio em PDF? Os campos vazios são preenchidos a partir dele, e o PDF fica anexado como documento do
        experimento.
      </p>
      <Button variant="secondary" className="h-auto! min-h-10 w-full shrink-0 py-2 whitespace-normal! sm:w-auto" onClick={onOpen}>
        Começar a partir de um relatório PDF
      </Button>
    </div>
  );
}

function StepBody({
  step,
  upload,
  setUpload,
  uploadError,
  isEdit,
  onOpenExtractor,
  onFixLevels,
}: {
  step: number;
  upload: UploadState;
  setUpload: (u: UploadState) => void;
  uploadError?: string | undefined;
  isEdit: boolean;
  onOpenExtractor: () => void;
  onFixLevels: (paths: string[]) => void;
}) {
  const situacao = useWatch<FormValues, 'situacao'>({ name: 'situacao' });
  switch (step) {
    case 1:
      return (
        <>
          <StartFromReport onOpen={onOpenExtractor} />
          <StepConsultoria />
        </>
      );
    case 2:
      return <StepLocalizacao />;
    case 3:
      return <StepSolo />;
    case 4:
      return <StepCultura />;
    case 5:
      return <StepTratamentos />;
    case 6:
      return <StepEstatistica onFixLevels={onFixLevels} />;
    default:
      return (
        <StepUpload
          state={upload}
          onChange={setUpload}
          error={uploadError}
          isEdit={isEdit}
          onOpenExtractor={onOpenExtractor}
          concluido={isConcluido(situacao)}
        />
      );
  }
}

/**
 * `extractor` is the PDF extractor, passed in by app/ (features do not import each other). The
 * hooks keep the order their code had when it was inline, because their effects run in it: the
 * draft's autosave is subscribed before a handed report fills the form.
 */
export function ExperimentWizard({
  extractor: PdfExtractor,
  planningChecklist: PlanningChecklist = null,
}: {
  extractor: ExtractorSlot;
  /** A live check of the trial being planned, under the blocks (step 5) and the design (step 6). */
  planningChecklist?: PlanningChecklistSlot | null;
}) {
  /** `?pendente=<id>`: an item of the offline queue opened for correction ("Corrigir"). */
  const pendingId = useSearchParams()[0].get('pendente');
  /** A report read on the dashboard, handed over by "Criar experimento com estes dados" (lib/report-handoff.ts). */
  const [handed] = useState(() => (pendingId ? null : peekHandedReport()));
  const [editing, setEditing] = useState<Experiment | null>(() => (pendingId || handed ? null : readEditingExperiment(localStorage)));
  const uploadField = useUploadField(editing?.pdf_filename ?? null);
  const { upload, setUpload, uploadError, setUploadError } = uploadField;

  const methods = useForm<FormValues, unknown, ExperimentData>({
    resolver,
    mode: 'onChange',
    defaultValues: editing ? fromExperiment(editing) : newExperimentDefaults(),
  });
  const { handleSubmit, formState } = methods;
  const isEdit = editing !== null;

  const nav = useStepNavigation(methods);
  const { step, heading, goTo, next, fixLevels } = nav;
  const correction = usePendingCorrection({ pendingId, methods, setUpload, setUploadError, goTo });
  const draftState = useDraft({ pendingId, editing, methods, step, goTo, uploadFile: upload.file });
  const { draft, restoreDraft, discardDraft } = draftState;
  const { onValid, onInvalid, reloadLatest, savedOnDevice, progress, stale } = useSubmitExperiment({
    methods,
    editing,
    setEditing,
    pendingId,
    correction,
    uploadField,
    draftState,
    nav,
  });
  const { extracting, setExtracting, confirmExtraction, conflictsWithForm } = useExtractionFill({
    methods,
    handed,
    isEdit,
    uploadField,
    nav,
  });
  const { pending } = correction;

  const saving = formState.isSubmitting;
  const title = STEPS[step - 1]?.title ?? '';
  const stepsNav = useMemo(() => STEPS.map((s, i) => ({ n: i + 1, title: s.title })), []);

  return (
    <FormProvider {...methods}>
      <PlanningChecklistContext.Provider value={PlanningChecklist ? <PlanningChecklist /> : null}>
        <div className="mx-auto max-w-4xl space-y-4">
          {isEdit ? <EditingNotice /> : null}
          <SavedOnDeviceNotice itemId={savedOnDevice} />
          {pending ? <PendingNotice pending={pending} /> : null}
          {draft ? (
            <DraftOffer
              draft={draft}
              isEdit={isEdit}
              isDirty={formState.isDirty}
              onRestore={() => void restoreDraft()}
              onDiscard={discardDraft}
            />
          ) : null}
          {stale ? <StaleVersion onReload={reloadLatest} /> : null}

          <ol className="hidden gap-1 md:flex" aria-label="Etapas">
            {stepsNav.map((s) => (
              <li
                key={s.n}
                aria-current={s.n === step ? 'step' : undefined}
                className={`h-1.5 flex-1 rounded-full ${s.n < step ? 'bg-brand-500' : s.n === step ? 'bg-brand-700' : 'bg-soil-200'}`}
                title={s.title}
              />
            ))}
          </ol>

          <Card>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (step < TOTAL_STEPS) void next();
                else void handleSubmit(onValid, onInvalid)(e);
              }}
            >
              <div className="border-b border-soil-100 px-5 py-4 sm:px-6">
                <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
                  {title}
                </h2>
              </div>
              <div className="px-5 py-6 sm:px-6">
                <StepBody
                  step={step}
                  upload={upload}
                  setUpload={(u) => {
                    setUpload(u);
                    setUploadError(undefined);
                  }}
                  uploadError={uploadError}
                  isEdit={isEdit}
                  onOpenExtractor={() => setExtracting(true)}
                  onFixLevels={(paths) => fixLevels(paths)}
                />
              </div>
              {progress !== null ? <UploadProgress progress={progress} /> : null}
              {/* Phones: the page count on its own line above the two buttons, so "Salvar Experimento"
                stays inside the card at 320 px. */}
              <div className="grid grid-cols-2 items-center gap-3 border-t border-soil-100 bg-soil-50 px-4 py-4 sm:flex sm:justify-between sm:px-6">
                <div className="sm:w-28">
                  {step > 1 ? (
                    <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={saving}>
                      Anterior
                    </Button>
                  ) : null}
                </div>
                <p className="order-first col-span-2 whitespace-nowrap text-center text-sm text-slate-700 sm:order-none">
                  Página {step} de {TOTAL_STEPS}
                </p>
                <div className="flex min-w-0 justify-end sm:w-44">
                  {step < TOTAL_STEPS ? (
                    <Button type="submit">Próximo</Button>
                  ) : (
                    <Button type="submit" disabled={saving}>
                      {saving ? 'Salvando...' : 'Salvar Experimento'}
                    </Button>
                  )}
                </div>
              </div>
            </form>
          </Card>
        </div>
        <Modal open={extracting} onClose={() => setExtracting(false)} title="Extração Automática com IA" size="xl">
          <PdfExtractor onConfirm={confirmExtraction} onCancel={() => setExtracting(false)} conflicts={conflictsWithForm} />
        </Modal>
      </PlanningChecklistContext.Provider>
    </FormProvider>
  );
}
