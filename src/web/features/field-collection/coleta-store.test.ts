/** Plot values kept on the device and their sending: pending values, a batch's stable key, conflicts kept, "Usar o meu". */
import { describe, expect, it, vi } from 'vitest';
import type { ColetaResponse } from '../../../shared/field-plan.js';
import { ApiError } from '../../lib/api-client.js';
import { type Lote, createColetaStore, memoryColetaStorage, valorKey } from './coleta-store.js';
import { createColetaSync } from './coleta-sync.js';

const U = 'u1';
const edit = (store: ReturnType<typeof createColetaStore>, numero: number, valor: number | null, mostrado: number | null = null) =>
  store.edit({ userId: U, experimentId: 7, avaliacao: 'sev', numero, valor, mostrado });
const ok = (gravados: number, conflitos: ColetaResponse['conflitos'] = []): ColetaResponse => ({ gravados, conflitos, version: 3 });

describe('coleta store', () => {
  it('keeps a typed value with the value shown before the first edit as anterior', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 12, 10);
    await edit(store, 101, 13, 12);
    const [v] = await store.list();
    expect(v).toMatchObject({ numero: 101, valor: 13, anterior: 10, status: 'pendente' });
  });

  it('forgets a value typed back to what the server had', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 12, 10);
    await edit(store, 101, 10, 12);
    expect(await store.list()).toEqual([]);
  });

  it('builds one batch of the pending values, kept with the same Idempotency-Key until acknowledged', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 102, 5);
    await edit(store, 101, 4, 1);
    const lote = await store.nextBatch(U, 7, 'sev');
    expect(lote?.body).toEqual({
      avaliacao: 'sev',
      valores: [
        { numero: 101, valor: 4, anterior: 1 },
        { numero: 102, valor: 5, anterior: null },
      ],
    });
    // A retry (the answer was lost) is the same request, even after another value was typed.
    await edit(store, 103, 6);
    const again = await store.nextBatch(U, 7, 'sev');
    expect(again?.id).toBe(lote?.id);
    expect(again?.body).toEqual(lote?.body);
    await store.acknowledge(lote!, ok(2));
    const next = await store.nextBatch(U, 7, 'sev');
    expect(next?.id).not.toBe(lote?.id);
    expect(next?.body.valores).toEqual([{ numero: 103, valor: 6, anterior: null }]);
  });

  it('keeps a value typed again while its batch was on its way, over what was written', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 4);
    const lote = await store.nextBatch(U, 7, 'sev');
    await edit(store, 101, 8, 4);
    await store.acknowledge(lote!, ok(1));
    expect((await store.list())[0]).toMatchObject({ valor: 8, anterior: 4, status: 'pendente' });
  });

  it('keeps conflicts on the device with the server value; "Usar o meu" resends over it, "Manter o do servidor" drops it', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 13, 10);
    await edit(store, 102, 7);
    const lote = await store.nextBatch(U, 7, 'sev');
    const conflitos = await store.acknowledge(lote!, ok(1, [{ numero: 101, valor_servidor: 12.5, valor_enviado: 13 }]));
    expect(conflitos).toHaveLength(1);
    const list = await store.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ numero: 101, valor: 13, servidor: 12.5, status: 'conflito' });
    // A conflict is not sent again by itself.
    expect(await store.nextBatch(U, 7, 'sev')).toBeNull();

    await store.useMine(valorKey(U, 7, 'sev', 101));
    const resend = await store.nextBatch(U, 7, 'sev');
    expect(resend?.body.valores).toEqual([{ numero: 101, valor: 13, anterior: 12.5 }]);
    await store.acknowledge(resend!, ok(0, [{ numero: 101, valor_servidor: 14, valor_enviado: 13 }]));
    await store.keepServer(valorKey(U, 7, 'sev', 101));
    expect(await store.list()).toEqual([]);
  });

  it('keeps each user, experiment and assessment apart', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 1);
    await store.edit({ userId: 'u2', experimentId: 7, avaliacao: 'sev', numero: 101, valor: 2, mostrado: null });
    await store.edit({ userId: U, experimentId: 7, avaliacao: 'alt', numero: 101, valor: 3, mostrado: null });
    expect(await store.scopes(U)).toEqual(
      expect.arrayContaining([
        { experimentId: 7, avaliacao: 'sev' },
        { experimentId: 7, avaliacao: 'alt' },
      ]),
    );
    expect(await store.scopes(U)).toHaveLength(2);
    expect((await store.nextBatch(U, 7, 'sev'))?.body.valores).toEqual([{ numero: 101, valor: 1, anterior: null }]);
  });
});

describe('coleta sync', () => {
  it('sends each batch under its key; after a lost answer the retry is the same request', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 4);
    const sent: Lote[] = [];
    let fail = true;
    const onSent = vi.fn();
    const sync = createColetaSync({
      store,
      currentUser: () => U,
      onSent,
      send: async (lote) => {
        sent.push(structuredClone(lote));
        if (fail) throw new ApiError(0, 'NETWORK', 'Sem conexão');
        return ok(lote.body.valores.length);
      },
    });
    expect((await sync.sendNow()).stop).toBe('sem-conexao');
    expect(await store.list()).toHaveLength(1);
    fail = false;
    const result = await sync.sendNow();
    expect(result).toMatchObject({ gravados: 1, stop: null, experimentos: [7] });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.id).toBe(sent[0]?.id);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(onSent).toHaveBeenCalledWith(7, ok(1));
    expect(await store.list()).toEqual([]);
  });

  it('reports conflicts and keeps them; a 400 marks the values refused with the message', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 13, 10);
    const sync = createColetaSync({
      store,
      currentUser: () => U,
      send: async () => ok(0, [{ numero: 101, valor_servidor: 12.5, valor_enviado: 13 }]),
    });
    const result = await sync.sendNow();
    expect(result.conflitos).toEqual([{ numero: 101, valor_servidor: 12.5, valor_enviado: 13 }]);
    expect((await store.list())[0]?.status).toBe('conflito');

    await edit(store, 102, 150);
    const refusing = createColetaSync({
      store,
      currentUser: () => U,
      send: async () => {
        throw new ApiError(400, 'VALIDATION_ERROR', '150 não é uma porcentagem válida: use de 0 a 100');
      },
    });
    expect((await refusing.sendNow()).erro).toBe('150 não é uma porcentagem válida: use de 0 a 100');
    expect((await store.list()).find((v) => v.numero === 102)).toMatchObject({ status: 'recusado' });
  });

  it('sends nothing signed out', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await edit(store, 101, 1);
    const send = vi.fn();
    const sync = createColetaSync({ store, currentUser: () => null, send });
    expect((await sync.sendNow()).stop).toBe('sessao');
    expect(send).not.toHaveBeenCalled();
  });
});
