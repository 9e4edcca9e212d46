import { ROLE_LABELS, type Role } from '../../../../shared/constants.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';

/** Role colours: admin red, user blue, consultor green (docs/product-rules.md#users-and-roles). */
const TONE: Record<Role, BadgeTone> = { admin: 'red', user: 'blue', consultor: 'green' };

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={TONE[role]}>{ROLE_LABELS[role]}</Badge>;
}
