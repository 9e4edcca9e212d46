/** zod/mini in jitless mode, for the sign-in pages' small bundles (see zod.ts for why). */
import { z } from 'zod/mini';

z.config({ jitless: true });

export { z };
