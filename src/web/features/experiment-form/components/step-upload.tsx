/** Step 7: one PDF up to 10 MB; in edit mode the stored file may be kept or replaced. */
import { type FileRejection, useDropzone } from 'react-dropzone';
import { formatFileSize } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { InfoBox } from '../../../components/ui/info-box.js';
import { cn } from '../../../lib/cn.js';
import { NOT_PDF_CONTENT, PDF_DROPZONE, checkChosenPdf, rejectionMessage } from '../../../lib/pdf-rejections.js';
import { LineIcon } from '../../../components/ui/line-icon.js';

/** Step 7's word for a planned or running trial, which is saved without its report. */
export const PDF_OPTIONAL = 'Opcional enquanto o ensaio não é concluído: anexe o relatório ao concluir.';

export interface UploadState {
  file: File | null;
  /** Edit mode: the stored file's name, while it is kept. */
  storedFilename: string | null;
  rejections: FileRejection[];
}

export function StepUpload({
  state,
  onChange,
  error,
  isEdit,
  onOpenExtractor,
  concluido = true,
}: {
  state: UploadState;
  onChange: (next: UploadState) => void;
  error?: string | undefined;
  isEdit: boolean;
  onOpenExtractor: () => void;
  /** Whether the trial is concluded (step 1's situation): only then is the PDF required. */
  concluido?: boolean;
}) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    ...PDF_DROPZONE,
    onDrop: (accepted, rejections) => void picked(accepted[0] ?? null, rejections),
  });

  /** Its first bytes are read too: a .docx renamed .pdf is refused when chosen, not at "Salvar". */
  async function picked(chosen: File | null, rejections: FileRejection[]) {
    const bad = chosen !== null && (await checkChosenPdf(chosen)) === NOT_PDF_CONTENT;
    const file = bad ? null : chosen;
    // The dropzone hands over its files with their path (file-selector's FileWithPath) already.
    const refusal: FileRejection | null =
      bad && chosen ? { file: chosen as FileRejection['file'], errors: [{ code: NOT_PDF_CONTENT, message: '' }] } : null;
    const refused = refusal ? [...rejections, refusal] : rejections;
    onChange({ file: file ?? state.file, storedFilename: file ? null : state.storedFilename, rejections: refused });
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-brand-900">Preencher a partir do relatório</p>
          <p className="text-sm text-brand-900/80">Leia um relatório em PDF e revise os valores propostos antes de salvar.</p>
        </div>
        <Button variant="secondary" onClick={onOpenExtractor}>
          Extração Automática com IA
        </Button>
      </div>

      {state.file ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-soil-200 bg-white p-4">
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
              {isEdit ? 'Novo arquivo (substituirá o atual)' : 'Arquivo selecionado'}
            </p>
            <p className="truncate font-medium text-slate-900">{state.file.name}</p>
            <p className="text-sm text-slate-600">{formatFileSize(state.file.size)}</p>
          </div>
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => onChange({ ...state, file: null, rejections: [] })}
          >
            Remover
          </Button>
        </div>
      ) : state.storedFilename ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-soil-200 bg-white p-4">
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Arquivo atual (será mantido)</p>
            <p className="truncate font-medium text-slate-900">{state.storedFilename}</p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={open}>
              Substituir
            </Button>
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onChange({ ...state, storedFilename: null })}>
              Remover
            </Button>
          </div>
        </div>
      ) : null}

      <div
        {...getRootProps({
          className: cn(
            'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            isDragActive ? 'border-brand-500 bg-brand-50' : error ? 'border-red-400 bg-red-50' : 'border-soil-200 bg-white',
          ),
        })}
      >
        <input {...getInputProps({ name: 'pdf', 'aria-label': 'Arquivo PDF do experimento' })} />
        <LineIcon className="h-10 w-10 text-brand-600" strokeWidth="1.6">
          <path d="M7 3h7l5 5v13H7z" strokeLinejoin="round" />
          <path d="M14 3v5h5M12 17v-6m0 0-2.5 2.5M12 11l2.5 2.5" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
        <p className="mt-3 font-medium text-slate-800">{isDragActive ? 'Solte o PDF aqui' : 'Arraste o relatório em PDF para cá'}</p>
        <p className="mt-1 text-sm text-slate-600">Somente PDF, até 10 MB, um arquivo.</p>
        {concluido ? null : <p className="mt-1 text-sm font-medium text-slate-700">{PDF_OPTIONAL}</p>}
        <Button className="mt-4" variant="secondary" onClick={open}>
          Escolher arquivo
        </Button>
      </div>

      {error ? <Alert tone="error">{error}</Alert> : null}
      {state.rejections.length > 0 ? (
        <Alert tone="error" title={state.rejections.length === 1 ? 'Arquivo recusado' : 'Arquivos recusados'}>
          <ul className="list-disc space-y-1 pl-5">
            {state.rejections.map((r) => (
              <li key={r.file.name + r.file.size}>
                <span className="font-medium break-all">{r.file.name}</span>:{' '}
                {r.errors.map((e) => rejectionMessage(e.code, e.message, r.file)).join('; ')}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <InfoBox title="Sobre o Upload">
        <p>
          Anexe o relatório do experimento em PDF (até 10 MB). Ele fica guardado com o experimento e pode ser aberto ou baixado no
          dashboard.
        </p>
        {isEdit ? <p>Ao enviar um novo arquivo, o anterior continua guardado como versão antiga do documento.</p> : null}
      </InfoBox>
    </div>
  );
}
