import { describe, expect, it } from 'vitest';
import { experimentInputSchema } from '../../shared/experiment.js';
import { largeRealExperiment, largestExperiment } from '../test/factories.js';
import { EXPERIMENT_JSON_BYTES, MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_JSON_VALUES, jsonRefusal, jsonTooDeep } from './json-body.js';

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

  it('judges 1.5 MiB of nested brackets right, at its exact depth too, and a long flat list', () => {
    const depth = 768 * 1024;
    const attack = nested(depth);
    expect(jsonTooDeep(attack)).toBe(true);
    // Counted to the last bracket, without recursion: the whole depth is within a limit of the same depth.
    expect(jsonTooDeep(attack, depth)).toBe(false);
    expect(jsonTooDeep(attack, depth - 1)).toBe(true);
    expect(jsonTooDeep(`[${'1,'.repeat(700_000)}1]`)).toBe(false);
  });
});

/** An object of `n` keys, `{"k0":0,"k1":1,…}`. */
const wideObject = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;
const flatArray = (n: number) => `[${Array.from({ length: n }, () => '1').join(',')}]`;

describe('jsonRefusal: what a body would cost the parser', () => {
  it('one list or object holds at most MAX_JSON_ITEMS members, at any depth', () => {
    expect(jsonRefusal(flatArray(MAX_JSON_ITEMS))).toBeNull();
    expect(jsonRefusal(flatArray(MAX_JSON_ITEMS + 1))).toBe('tooManyItems');
    expect(jsonRefusal(wideObject(MAX_JSON_ITEMS))).toBeNull();
    expect(jsonRefusal(wideObject(MAX_JSON_ITEMS + 1))).toBe('tooManyItems');
    expect(jsonRefusal(`{"a":[{"b":${flatArray(MAX_JSON_ITEMS + 1)}}]}`)).toBe('tooManyItems');
    // Members are counted per container: two full lists side by side are fine.
    expect(jsonRefusal(`[${flatArray(MAX_JSON_ITEMS)},${flatArray(MAX_JSON_ITEMS)}]`)).toBeNull();
    expect(jsonRefusal('[]')).toBeNull();
    expect(jsonRefusal('{}')).toBeNull();
  });

  it('a body holds at most MAX_JSON_VALUES values in all', () => {
    const lists = Math.ceil(MAX_JSON_VALUES / MAX_JSON_ITEMS) + 1;
    const many = `[${Array.from({ length: lists }, () => flatArray(MAX_JSON_ITEMS - 1)).join(',')}]`;
    expect(jsonRefusal(many)).toBe('tooManyValues');
    const fewer = `[${Array.from({ length: Math.floor(MAX_JSON_VALUES / MAX_JSON_ITEMS) - 1 }, () => flatArray(MAX_JSON_ITEMS - 1)).join(',')}]`;
    expect(jsonRefusal(fewer)).toBeNull();
    // Objects count too: 60 objects of 900 keys.
    expect(jsonRefusal(`[${Array.from({ length: 60 }, () => wideObject(900)).join(',')}]`)).toBe('tooManyValues');
  });

  it('commas, brackets and escaped quotes inside strings do not count', () => {
    expect(jsonRefusal(JSON.stringify({ texto: ','.repeat(100_000), outro: '\\",[{'.repeat(10_000) }))).toBeNull();
    expect(jsonRefusal(JSON.stringify([','.repeat(5000), '[', ']', '{']))).toBeNull();
  });

  it('refuses the attacks of 1.5 MiB: an object of ~130,000 keys, a flat list of ~790,000 numbers, nesting', () => {
    const wide = wideObject(130_000);
    expect(wide.length).toBeGreaterThan(1_400_000);
    expect(jsonRefusal(wide)).toBe('tooManyItems');
    expect(jsonRefusal(flatArray(786_000))).toBe('tooManyItems');
    expect(jsonRefusal(nested(768 * 1024))).toBe('tooDeep');
    // Wide in depth instead: 900 lists of 999 numbers each.
    expect(jsonRefusal(`[${Array.from({ length: 900 }, () => flatArray(999)).join(',')}]`)).toBe('tooManyValues');
  });

  it('never refuses the largest experiment the schema accepts, nor a large real one, and keeps a margin', () => {
    expect(
      jsonRefusal(JSON.stringify(largestExperiment('ã')), { depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES / 3, items: 50 }),
    ).toBeNull();
    expect(jsonRefusal(JSON.stringify(largeRealExperiment()))).toBeNull();
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
