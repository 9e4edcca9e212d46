import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EXTRACTION_MSG, type ExtractedData, type ExtractionResult } from '../../../../shared/extraction.js';
import { toast } from '../../../components/ui/toast.js';
import type { ExtractionChoices } from '../../../lib/extraction-review.js';
import { type HandedReport, takeHandedReport } from '../../../lib/report-handoff.js';
import { applyExtraction, planExtraction } from '../apply-extraction.js';
import { type WizardForm, newExperimentDefaults } from '../form-values.js';
import type { StepNavigation } from './use-step-navigation.js';
import type { UploadField } from './use-upload-field.js';

/** Owns filling the form from a report: the extractor's modal, its confirmed result, and a report handed over from the dashboard. */
export function useExtractionFill({
  methods,
  handed,
  isEdit,
  uploadField: { upload, setUpload, setUploadError },
  nav: { modalityNotInReportRef, explainMissingModality },
}: {
  methods: WizardForm;
  /** A report read on the dashboard, handed over at mount (lib/report-handoff.ts). */
  handed: HandedReport | null;
  isEdit: boolean;
  uploadField: Pick<UploadField, 'upload' | 'setUpload' | 'setUploadError'>;
  nav: Pick<StepNavigation, 'modalityNotInReportRef' | 'explainMissingModality'>;
}) {
  const { reset } = methods;
  const [extracting, setExtracting] = useState(false);

  // A new form's presets (the year, zeros) are not answers the user gave; an edited experiment's values are.
  const pristine = useMemo(() => (isEdit ? null : newExperimentDefaults()), [isEdit]);
  const conflictsWithForm = useCallback(
    (data: ExtractedData) => planExtraction(methods.getValues(), data, pristine).conflicts,
    [methods, pristine],
  );

  /**
   * The report fills the form's empty fields and, where the user chose it, replaces theirs; the
   * same PDF becomes the experiment's document. The wizard stays on the step it was on.
   */
  const confirmExtraction = (result: ExtractionResult, file: File, choices: ExtractionChoices = {}) => {
    const values = applyExtraction(methods.getValues(), result.data, choices, pristine);
    reset(values, { keepDefaultValues: true });
    setUpload({ file, storedFilename: upload.storedFilename, rejections: [] });
    setUploadError(undefined);
    setExtracting(false);
    toast.success(EXTRACTION_MSG.imported);
    const reported = new Set((result.data.tratamentos ?? []).map((t) => t.nome.trim()));
    const missing = values.tratamentos.filter((t) => t.modalidade === '' && reported.has(t.nome.trim())).map((t) => t.nome.trim());
    modalityNotInReportRef.current = new Set(missing);
    if (missing.length) {
      explainMissingModality();
      toast.info(`O relatório não informa a modalidade de: ${missing.join(', ')}. Escolha-a no passo 5 (Tratamentos).`);
    }
  };

  // The handed report is confirmed as "Começar a partir de um relatório PDF" would: the same fill, the same PDF.
  const tookHanded = useRef(false);
  useEffect(() => {
    if (!handed || tookHanded.current) return;
    tookHanded.current = true;
    takeHandedReport();
    confirmExtraction(handed.result, handed.file);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the report handed at mount
  }, [handed]);

  return { extracting, setExtracting, confirmExtraction, conflictsWithForm };
}
