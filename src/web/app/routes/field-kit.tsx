import { useParams } from 'react-router';
import { FieldKit } from '../../features/field-kit/index.js';

/** /experimentos/:id/croqui: the trial's layout, labels, rating sheets and spray mix, printable tab by tab. */
export function FieldKitPage() {
  const id = Number(useParams().id);
  return <FieldKit experimentId={Number.isInteger(id) && id > 0 ? id : null} />;
}
