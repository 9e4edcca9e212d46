// @vitest-environment happy-dom
/** "Salvo neste aparelho": on screen while its item waits in the queue, gone once it is sent or refused. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createOfflineQueue, memoryStorage } from '../../../lib/offline-queue.js';
import { SAVED_ON_DEVICE, SavedOnDeviceNotice } from './saved-on-device.js';
import { buildExperimentData } from '../../../../shared/factories.test-helper.js';

const data = buildExperimentData({ consultoria: 'Campo Forte' });
const notice = () => screen.queryByText(SAVED_ON_DEVICE);

describe('SavedOnDeviceNotice', () => {
  it('shows while the item waits (and while it is being sent), and goes once the item has been sent', async () => {
    const queue = createOfflineQueue(memoryStorage());
    await queue.add({ id: 'a', data, pdf: null });
    await queue.add({ id: 'b', data, pdf: null });
    render(<SavedOnDeviceNotice itemId="a" queue={queue} />);
    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();

    await act(() => queue.update('a', { status: 'enviando' }));
    expect(notice()).toBeTruthy();

    // The sync removes an item once the server has it; another item still waiting is not this one.
    await act(() => queue.remove('a'));
    expect(notice()).toBeNull();
  });

  it('goes when the server refuses the item ("Pendentes" then says why)', async () => {
    const queue = createOfflineQueue(memoryStorage());
    await queue.add({ id: 'a', data, pdf: null });
    render(<SavedOnDeviceNotice itemId="a" queue={queue} />);
    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
    await act(() => queue.update('a', { status: 'recusado', erro: { message: 'Dados inválidos' } }));
    expect(notice()).toBeNull();
  });

  it('says nothing without a saved item, or for one no longer on the device', async () => {
    const queue = createOfflineQueue(memoryStorage());
    await queue.add({ id: 'b', data, pdf: null });
    const { rerender } = render(<SavedOnDeviceNotice itemId={null} queue={queue} />);
    await act(() => queue.list());
    expect(notice()).toBeNull();
    rerender(<SavedOnDeviceNotice itemId="gone" queue={queue} />);
    expect(notice()).toBeNull();
  });
});
