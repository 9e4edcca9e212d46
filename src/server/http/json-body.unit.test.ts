import { describe, expect, it } from 'vitest';
import { experimentInputSchema } from '../../shared/experiment.js';
import { largeRealExperiment, largestExperiment } from '../test/factories.js';
import { EXPERIMENT_JSON_BYTES, MAX_JSON_DEPTH, jsonTooDeep } from './json-body.js';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonTooDeep', () => {
  it('counts arrays and objects inside one another, up to the limit and not one more', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('[{"a":[{"b":[]}]}]', 5)).toBe(false);
    expect(jsonTooDeep('[{"a":[{"b":[[]]}]}]', 5)).toBe(true);
  });

  it('a long flat list is not deep', () => {
    expect(jsonTooDeep(`[${'[],'.repeat(100_000)}[]]`)).toBe(false);
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    const inString = JSON.stringify({ nome: '['.repeat(1000), outro: '\\"[[[[' + '{'.repeat(500) });
    expect(jsonTooDeep(inString)).toBe(false);
    // An escaped quote does not close the string: what follows is still text.
    expect(jsonTooDeep(`["\\"${'['.repeat(100)}"]`)).toBe(false);
  });

  it('agrees with the depth JSON.stringify wrote, whatever the strings hold', () => {
    for (let depth = 0; depth <= 40; depth++) {
      let value: unknown = 'fim ]]] {{{ \\" [';
      for (let i = 0; i < depth; i++) value = i % 2 ? { 'chave ["{': value, n: 1 } : ['texto }]', value];
      expect(jsonTooDeep(JSON.stringify(value), 20), `depth ${depth}`).toBe(depth > 20);
    }
  });

  it('scans 1.5 MiB of brackets in milliseconds', () => {
    const attack = nested(768 * 1024);
    const start = performance.now();
    expect(jsonTooDeep(attack)).toBe(true);
    expect(jsonTooDeep(`[${'1,'.repeat(700_000)}1]`)).toBe(false);
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('the experiment JSON limit', () => {
  it('holds the largest experiment the schema accepts (all lists full, all texts at their maximum, accented) with margin', () => {
    const body = largestExperiment('ã');
    expect(experimentInputSchema.safeParse(body).success).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(body));
    // Measured: 1.32 MB; a real large trial is ~59 KB (below).
    expect(bytes).toBeGreaterThan(1_200_000);
    expect(bytes).toBeLessThan(EXPERIMENT_JSON_BYTES * 0.9);
  });

  it('a large real trial is a small fraction of it', () => {
    const body = largeRealExperiment();
    expect(experimentInputSchema.safeParse(body).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(80_000);
  });
});
