import { ImportUpload } from '../../features/imports/index.js';

const reviewHref = (batchId: string | null) => (batchId ? `/importar/revisao?lote=${encodeURIComponent(batchId)}` : '/importar/revisao');

/** `/importar`: the bulk upload of trial reports (issue 21). */
export function ImportPage() {
  return <ImportUpload reviewHref={reviewHref} />;
}
