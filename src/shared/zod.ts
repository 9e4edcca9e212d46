/**
 * zod, as every schema of the product uses it: in jitless mode. zod 4 otherwise probes
 * `new Function('')` when its first object schema is built (to compile fast parsers), and the
 * browser reports that probe as a Content-Security-Policy violation (`script-src 'self'`, no
 * `unsafe-eval`) on every page load, even though zod catches the refusal. The setting is read when
 * a schema is built, so it must run before the first one: a module that builds schemas imports `z`
 * from here (or from zod-mini.ts), never from 'zod' itself (server/security/zod-jitless.unit.test.ts checks both).
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
