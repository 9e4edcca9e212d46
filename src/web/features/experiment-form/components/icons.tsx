/** The form's add and remove icons (drawn by the shared LineIcon). */
import { LineIcon } from '../../../components/ui/line-icon.js';

export function PlusIcon() {
  return (
    <LineIcon viewBox="0 0 20 20" className="h-4 w-4">
      <path d="M10 4v12M4 10h12" strokeLinecap="round" />
    </LineIcon>
  );
}

export function TrashIcon() {
  return (
    <LineIcon viewBox="0 0 20 20" className="h-4 w-4" strokeWidth="1.8">
      <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
