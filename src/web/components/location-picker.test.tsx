// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LatLng } from '../../shared/cities.js';
import { GEO_MSG, LocationPicker } from './location-picker.js';

// Leaflet does not run in happy-dom: the lazily loaded map is replaced by a stand-in that reports
// a point the way a click on the map does.
vi.mock('./location-map.js', () => ({
  default: ({ onPick, center }: { onPick: (p: LatLng) => void; center: LatLng }) => (
    <button type="button" onClick={() => onPick({ lat: -12.6, lng: -55.8 })}>
      mapa em {center.lat},{center.lng}
    </button>
  ),
}));

type Success = (p: { coords: { latitude: number; longitude: number; accuracy: number } }) => void;
type Failure = (e: { code: number; message: string }) => void;

let getCurrentPosition: ReturnType<typeof vi.fn>;

beforeEach(() => {
  getCurrentPosition = vi.fn();
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
});
afterEach(cleanup);

const useMine = () => fireEvent.click(screen.getByRole('button', { name: 'Usar minha localização' }));

describe('LocationPicker', () => {
  it('fills the coordinates from the device, with high accuracy and a 15 s timeout', () => {
    const onPick = vi.fn();
    render(<LocationPicker lat={null} lng={null} onPick={onPick} />);
    useMine();
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 15_000,
      maximumAge: 0,
    });
    expect(screen.getByRole('button', { name: 'Obtendo localização...' })).toHaveProperty('disabled', true);
    const success = getCurrentPosition.mock.calls[0]?.[0] as Success;
    act(() => success({ coords: { latitude: -12.54251234, longitude: -55.72111119, accuracy: 12.4 } }));
    expect(onPick).toHaveBeenCalledWith({ lat: -12.542512, lng: -55.721111 });
    expect(screen.getByRole('status').textContent).toBe('Localização obtida (precisão de cerca de 12 m).');
  });

  it.each([
    [1, GEO_MSG.denied],
    [2, GEO_MSG.unavailable],
    [3, GEO_MSG.timeout],
  ])('error code %i says clearly what to do', (code, message) => {
    const onPick = vi.fn();
    render(<LocationPicker lat={null} lng={null} onPick={onPick} />);
    useMine();
    const failure = getCurrentPosition.mock.calls[0]?.[1] as Failure;
    act(() => failure({ code, message: '' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Usar minha localização' })).toHaveProperty('disabled', false);
  });

  it('says in pt-BR that the position was denied', () => {
    expect(GEO_MSG.denied).toBe('Permissão de localização negada. Ative a localização do navegador ou digite as coordenadas.');
  });

  it('says so when the browser has no geolocation', () => {
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    render(<LocationPicker lat={null} lng={null} onPick={() => {}} />);
    useMine();
    expect(screen.getByRole('alert').textContent).toBe(GEO_MSG.unsupported);
  });

  it('loads the map only when asked, centred on the city, and a click on it sets the point', async () => {
    const onPick = vi.fn();
    render(<LocationPicker lat={null} lng={null} onPick={onPick} cidade="Sorriso" estado="MT" />);
    expect(screen.queryByText(/mapa em/)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Marcar no mapa' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const map = await screen.findByText('mapa em -12.5425,-55.7211');
    fireEvent.click(map);
    expect(onPick).toHaveBeenCalledWith({ lat: -12.6, lng: -55.8 });
    expect(screen.getByRole('button', { name: 'Ocultar mapa' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('warns, without blocking, when the point is more than 100 km from the city', () => {
    const { rerender } = render(<LocationPicker lat={-15.6014} lng={-56.0979} onPick={() => {}} cidade="Sorriso" estado="MT" />);
    screen.getByText('O ponto está a 343 km de Sorriso/MT. Confira as coordenadas.');
    rerender(<LocationPicker lat={-12.6} lng={-55.8} onPick={() => {}} cidade="Sorriso" estado="MT" />);
    expect(screen.queryByText(/O ponto está a/)).toBeNull();
  });
});
