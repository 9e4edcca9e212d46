import { ImportUpload } from '../../features/imports/index.js';

const reviewHref = (batchId: number | null) => (batchId === null ? '/importar/revisao' : `/importar/revisao?lote=${batchId}`);

/** `/importar`: the bulk upload of trial reports. */
export function ImportPage() {
  return <ImportUpload reviewHref={reviewHref} />;
}
