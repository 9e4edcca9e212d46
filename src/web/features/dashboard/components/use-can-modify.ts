import { useSession } from '../../../lib/api.js';

/** Whether the signed-in user may edit or delete an experiment: its owner or an admin (docs/product-rules.md#users-and-roles). */
export function useCanModify() {
  const { user } = useSession();
  return (ownerId: string) => user?.role === 'admin' || user?.id === ownerId;
}
