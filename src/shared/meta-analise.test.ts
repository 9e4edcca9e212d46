import { describe, expect, it } from 'vitest';
import { metaAnaliseSchema, pontoDeEquilibrio, probRetorno } from './meta-analise.js';
import { z } from './zod.js';

describe('the economics of a product across trials', () => {
  it('breaks even at the cost in bags of 60 kg', () => {
    expect(pontoDeEquilibrio(120, 90)).toBe(45);
    expect(pontoDeEquilibrio(150, 0)).toBe(0);
    expect(pontoDeEquilibrio(null, 90)).toBeNull();
    expect(pontoDeEquilibrio(120, null)).toBeNull();
    expect(pontoDeEquilibrio(0, 90)).toBeNull();
  });

  it('pays with the predictive probability N(estimate, τ² + SE²) above the break-even', () => {
    // At the estimate itself: one half; one predictive SD below it: Φ(1).
    expect(probRetorno({ estimativa: 200, ep: 30, tau2: 1600 }, 200)).toBeCloseTo(0.5, 12);
    expect(probRetorno({ estimativa: 200, ep: 30, tau2: 1600 }, 150)).toBeCloseTo(0.841344746068543, 9);
    // A higher bag price lowers the break-even and raises the chance.
    const at = (preco: number) => probRetorno({ estimativa: 100, ep: 20, tau2: 900 }, pontoDeEquilibrio(preco, 100))!;
    expect(at(150)).toBeGreaterThan(at(100));
    expect(probRetorno({ estimativa: 100, ep: 20, tau2: 0 }, null)).toBeNull();
    // No spread at all: a step.
    expect(probRetorno({ estimativa: 100, ep: 0, tau2: 0 }, 50)).toBe(1);
    expect(probRetorno({ estimativa: 100, ep: 0, tau2: null }, 150)).toBe(0);
  });
});

describe('the request', () => {
  const parse = (body: unknown) => z.safeParse(metaAnaliseSchema, body);

  it('takes a product alone, with the difference scale and no prices', () => {
    const r = parse({ produto: '  Fox Xpro ' });
    expect(r.success && r.data).toMatchObject({
      produto: 'Fox Xpro',
      escala: 'diferenca',
      avaliacao: null,
      preco_saca: null,
      custo_ha: null,
    });
  });

  it.each([
    [{}, 'produto'],
    [{ produto: 'X', escala: 'log' }, 'escala'],
    [{ produto: 'X', preco_saca: 0 }, 'preco_saca'],
    [{ produto: 'X', custo_ha: -1 }, 'custo_ha'],
    [{ produto: 'X', experimentIds: [1, 1] }, 'experimentIds'],
    [{ produto: 'X', experimentIds: [1.5, 2] }, 'experimentIds'],
  ])('refuses %j in words', (body, path) => {
    const r = parse(body);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path[0]).toBe(path);
    expect(r.error!.issues[0]!.message).toMatch(/[a-zç]/);
  });
});
