/** The sender of the offline queue: order, one at a time, what stops it, what marks an item refused. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.js';
import { type PendingItem, createOfflineQueue, memoryStorage } from './offline-queue.js';
import { createSync, itemForm } from './offline-sync.js';
import { buildExperiment, buildExperimentData } from '../../shared/factories.test-helper.js';

const data = (consultoria: string) => buildExperimentData({ consultoria });
const experiment = (id: number) => buildExperiment({ id });
const tick = () => new Promise((r) => setTimeout(r, 2));

async function queueOf(...names: string[]) {
  const queue = createOfflineQueue(memoryStorage());
  for (const n of names) {
    await queue.add({ id: n, data: data(n), pdf: { blob: new Blob(['%PDF-']), filename: `${n}.pdf` } });
    await tick();
  }
  return queue;
}

/** A sender for user u1 whose every send fails with `error`. */
const failingSync = (queue: Awaited<ReturnType<typeof queueOf>>, error: ApiError) =>
  createSync({
    queue,
    currentUser: () => 'u1',
    send: async () => {
      throw error;
    },
  });

describe('offline sync', () => {
  it('sends oldest first, one at a time, with the item as sent; removes what was saved', async () => {
    const queue = await queueOf('a', 'b', 'c');
    let inFlight = 0;
    const order: string[] = [];
    const onSent = vi.fn();
    const sync = createSync({
      queue,
      currentUser: () => 'u1',
      onSent,
      send: async (item) => {
        inFlight++;
        expect(inFlight).toBe(1);
        expect((await queue.get(item.id))?.status).toBe('enviando');
        order.push(item.id);
        await tick();
        inFlight--;
        return experiment(order.length);
      },
    });
    expect(await sync.syncNow()).toEqual({ enviados: 3, recusados: 0, stop: null });
    expect(order).toEqual(['a', 'b', 'c']);
    expect(await queue.list()).toEqual([]);
    expect(onSent).toHaveBeenCalledTimes(3);
  });

  it('a network error stops the run and keeps the rest pending, in order', async () => {
    const queue = await queueOf('a', 'b');
    const send = vi.fn(async () => {
      throw new ApiError(0, 'NETWORK_ERROR', 'Erro de conexão');
    });
    const sync = createSync({ queue, currentUser: () => 'u1', send });
    expect(await sync.syncNow()).toMatchObject({ enviados: 0, stop: 'sem-conexao' });
    expect(send).toHaveBeenCalledTimes(1);
    expect((await queue.list()).map((i) => i.status)).toEqual(['pendente', 'pendente']);
  });

  it('a 400 with fields or a 409 marks the item refused with the messages and goes on', async () => {
    const queue = await queueOf('a', 'b', 'c');
    const sync = createSync({
      queue,
      currentUser: () => 'u1',
      send: async (item) => {
        if (item.id === 'a') throw new ApiError(400, 'VALIDATION_ERROR', 'Dados inválidos', { marca: 'Marca inválida' });
        if (item.id === 'b') throw new ApiError(409, 'CONFLICT', 'Conflito');
        return experiment(1);
      },
    });
    expect(await sync.syncNow()).toEqual({ enviados: 1, recusados: 2, stop: null });
    const [a, b] = await queue.list();
    expect(a).toMatchObject({ status: 'recusado', erro: { message: 'Dados inválidos', fields: { marca: 'Marca inválida' } } });
    expect(b).toMatchObject({ status: 'recusado', erro: { message: 'Conflito' } });
    // A refused item is not sent again until it is corrected.
    const send = vi.fn();
    await createSync({ queue, currentUser: () => 'u1', send }).syncNow();
    expect(send).not.toHaveBeenCalled();
  });

  it('a session that could not be renewed (401) stops and keeps the queue; signed out, nothing is tried', async () => {
    const queue = await queueOf('a', 'b');
    const sync = failingSync(queue, new ApiError(401, 'UNAUTHORIZED', 'Sessão expirada'));
    expect(await sync.syncNow()).toMatchObject({ stop: 'sessao' });
    expect(await queue.list()).toHaveLength(2);
    const send = vi.fn();
    expect(await createSync({ queue, currentUser: () => null, send }).syncNow()).toMatchObject({ stop: 'sessao' });
    expect(send).not.toHaveBeenCalled();
  });

  it('a run refused while signed out does not stick: after sign-in the next call sends', async () => {
    const queue = await queueOf('a');
    let user: string | null = null;
    const send = vi.fn(async () => experiment(1));
    const sync = createSync({ queue, currentUser: () => user, send });
    expect(await sync.syncNow()).toMatchObject({ stop: 'sessao' });
    user = 'u1';
    expect(await sync.syncNow()).toMatchObject({ enviados: 1, stop: null });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends only the signed-in user's items (a shared device); another account's wait for them", async () => {
    const queue = createOfflineQueue(memoryStorage());
    await queue.add({ id: 'of-u1', data: data('a'), pdf: null, userId: 'u1' });
    await queue.add({ id: 'of-u2', data: data('b'), pdf: null, userId: 'u2' });
    const sent: string[] = [];
    const sync = createSync({ queue, currentUser: () => 'u2', send: async (item) => (sent.push(item.id), experiment(1)) });
    expect(await sync.syncNow()).toMatchObject({ enviados: 1 });
    expect(sent).toEqual(['of-u2']);
    expect((await queue.list()).map((i) => i.id)).toEqual(['of-u1']);
  });

  it('a server failure (5xx) stops the run and keeps the item pending', async () => {
    const queue = await queueOf('a', 'b');
    const sync = failingSync(queue, new ApiError(503, 'SERVICE_UNAVAILABLE', 'Indisponível'));
    expect(await sync.syncNow()).toMatchObject({ stop: 'servidor' });
    expect((await queue.list()).map((i) => i.status)).toEqual(['pendente', 'pendente']);
  });

  it('two calls at once make one run; an item another sender removed meanwhile is skipped', async () => {
    const queue = await queueOf('a', 'b');
    const sent: string[] = [];
    const sync = createSync({
      queue,
      currentUser: () => 'u1',
      send: async (item: PendingItem) => {
        sent.push(item.id);
        if (item.id === 'a') await queue.remove('b');
        return experiment(1);
      },
    });
    const [r1, r2] = await Promise.all([sync.syncNow(), sync.syncNow()]);
    expect(r1).toBe(r2);
    expect(sent).toEqual(['a']);
  });

  it('runs under the Web Lock when there is one (one sender across tabs)', async () => {
    const queue = await queueOf('a');
    const names: string[] = [];
    const locks = {
      request: (async (name: string, _opts: LockOptions, fn: () => Promise<unknown>) => {
        names.push(name);
        return fn();
      }) as unknown as LockManager['request'],
    };
    const sync = createSync({ queue, currentUser: () => 'u1', locks, send: async () => experiment(1) });
    expect(await sync.syncNow()).toMatchObject({ enviados: 1 });
    expect(names).toEqual(['gestao-agricola-offline-sync']);
  });

  it("the multipart body is the form's: data as JSON and the PDF with its name", async () => {
    const queue = await queueOf('a');
    const [item] = await queue.list();
    const form = itemForm(item!);
    expect(JSON.parse(String(form.get('data')))).toMatchObject({ consultoria: 'a' });
    expect((form.get('pdf') as File).name).toBe('a.pdf');
  });
});
