/** The actions shared by cards and table rows: open/download the PDF, edit, delete. */
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../components/ui/confirm-dialog.js';
import { toast } from '../../../components/ui/toast.js';
import { STORAGE_KEYS } from '../../../lib/session.js';
import { DOC_MSG, NoDocumentError, downloadDocument, viewDocument } from '../api/documents.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { useDeleteExperiment } from '../api/queries.js';

/** The delete confirmation (docs/product-rules.md#experiments-table), asked in the app's own dialog. */
export const DELETE_QUESTION = 'Tem certeza que deseja excluir este experimento?';

export function useExperimentActions() {
  const navigate = useNavigate();
  const del = useDeleteExperiment();

  return {
    async view(id: number, pdfFilename: string | null) {
      try {
        await viewDocument(id, pdfFilename);
      } catch (err) {
        window.alert(err instanceof NoDocumentError ? DOC_MSG.none : DOC_MSG.viewError);
      }
    },
    async download(id: number, pdfFilename: string | null) {
      try {
        await downloadDocument(id, pdfFilename);
      } catch (err) {
        if (!(err instanceof NoDocumentError)) console.error(DOC_MSG.downloadFailed, err);
        window.alert(err instanceof NoDocumentError ? DOC_MSG.none : DOC_MSG.downloadError);
      }
    },
    /** Reads the full experiment (with its version) and hands it to the form. */
    async edit(id: number) {
      try {
        const experiment = await fetchExperiment(id);
        localStorage.setItem(STORAGE_KEYS.editingExperiment, JSON.stringify(experiment));
        navigate('/novo-experimento');
      } catch {
        toast.error('Erro ao buscar experimento');
      }
    },
    async remove(id: number) {
      const ok = await confirmDialog({
        title: 'Excluir experimento',
        message: DELETE_QUESTION,
        confirmLabel: 'Excluir',
        tone: 'danger',
      });
      if (!ok) return;
      try {
        await del.mutateAsync(id);
        toast.success('Experimento excluído com sucesso!');
      } catch {
        toast.error('Erro ao excluir experimento');
      }
    },
  };
}
