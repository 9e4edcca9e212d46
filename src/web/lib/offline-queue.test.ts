/** The offline queue on its in-memory storage (the app's IndexedDB storage has the same interface). */
import { describe, expect, it, vi } from 'vitest';
import { createOfflineQueue, memoryStorage, newItemId } from './offline-queue.js';
import { buildExperimentData } from '../../shared/factories.test-helper.js';

const data = (consultoria: string) => buildExperimentData({ consultoria });
const pdf = () => ({ blob: new Blob(['%PDF-1.4 teste'], { type: 'application/pdf' }), filename: 'ensaio.pdf' });

describe('offline queue', () => {
  it('keeps items with their PDF, oldest first, and tells its subscribers', async () => {
    const queue = createOfflineQueue(memoryStorage());
    const listener = vi.fn();
    queue.subscribe(listener);
    const a = await queue.add({ data: data('A'), pdf: pdf() });
    await new Promise((r) => setTimeout(r, 2));
    const b = await queue.add({ data: data('B'), pdf: null });
    expect(queue.snapshot().map((i) => i.id)).toEqual([a.id, b.id]);
    expect(a).toMatchObject({ status: 'pendente', pdf: { filename: 'ensaio.pdf' } });
    expect(await a.pdf?.blob.text()).toBe('%PDF-1.4 teste');
    expect(listener).toHaveBeenCalled();
  });

  it('a snapshot is a stable array until something changes (useSyncExternalStore)', async () => {
    const queue = createOfflineQueue(memoryStorage());
    await queue.add({ data: data('A'), pdf: null });
    const first = queue.snapshot();
    expect(queue.snapshot()).toBe(first);
    await queue.add({ data: data('B'), pdf: null });
    expect(queue.snapshot()).not.toBe(first);
  });

  it('a refusal keeps its messages; another status drops them; remove and update of a gone item', async () => {
    const queue = createOfflineQueue(memoryStorage());
    const item = await queue.add({ id: 'chave-1', data: data('A'), pdf: null });
    expect(item.id).toBe('chave-1');
    await queue.update(item.id, { status: 'recusado', erro: { message: 'Dados inválidos', fields: { marca: 'Marca inválida' } } });
    expect((await queue.get(item.id))?.erro?.fields).toEqual({ marca: 'Marca inválida' });
    await queue.update(item.id, { status: 'pendente', data: data('A2') });
    const again = await queue.get(item.id);
    expect(again?.erro).toBeUndefined();
    expect(again?.data.consultoria).toBe('A2');
    await queue.remove(item.id);
    expect(await queue.update(item.id, { status: 'enviando' })).toBeUndefined();
    expect(queue.snapshot()).toEqual([]);
  });

  it('another tab reloads its list when told through the channel', async () => {
    const storage = memoryStorage();
    const wires: { onmessage: ((e: MessageEvent) => void) | null; postMessage: (m: unknown) => void }[] = [];
    const channel = () => {
      const c = {
        onmessage: null as ((e: MessageEvent) => void) | null,
        postMessage: (m: unknown) => wires.filter((w) => w !== c).forEach((w) => w.onmessage?.({ data: m } as MessageEvent)),
      };
      wires.push(c);
      return c;
    };
    const tab1 = createOfflineQueue(storage, channel());
    const tab2 = createOfflineQueue(storage, channel());
    tab2.subscribe(() => undefined);
    await tab1.add({ data: data('A'), pdf: null });
    await vi.waitFor(() => expect(tab2.snapshot()).toHaveLength(1));
  });

  it('makes v4 UUIDs', () => {
    expect(newItemId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
