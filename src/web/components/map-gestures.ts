/**
 * "Cooperative" gestures for a map inside a scrolling page: one finger scrolls the page and two
 * fingers pan and zoom the map; the mouse wheel scrolls the page and zooms the map only with Ctrl
 * (or ⌘, and a trackpad pinch, which browsers send as a Ctrl+wheel). A hint says so when a
 * gesture is left to the page. Mouse dragging is unchanged.
 *
 * How: the container allows the browser only to pan (`touch-action: pan-x pan-y`), so a single
 * finger scrolls the page while a pinch reaches Leaflet's touch zoom, which also pans with the two
 * fingers; Leaflet's drag is switched off while a finger is down. A wheel without Ctrl is stopped
 * before Leaflet sees it, so the page scrolls.
 */
import type { Map as LeafletMap } from 'leaflet';

export const HINT_TOUCH = 'Use dois dedos para mover o mapa';
export const HINT_WHEEL_CTRL = 'Use Ctrl + rolagem para ampliar ou reduzir o mapa';
export const HINT_WHEEL_META = 'Use ⌘ + rolagem para ampliar ou reduzir o mapa';

/** How long a hint stays after the last gesture that called for it (ms). */
const HINT_MS = 1500;

/**
 * Wires the gestures on `map`; `wrapper` is an element around the map's container (the wheel is
 * caught there, before Leaflet's own listener). `onHint` receives the hint to show, or null.
 * Returns the function that undoes it all.
 */
export function cooperativeGestures(map: LeafletMap, wrapper: HTMLElement, onHint: (hint: string | null) => void): () => void {
  const container = map.getContainer();
  // Inline: leaflet.css sets `touch-action: none` on the container through its classes.
  container.style.touchAction = 'pan-x pan-y';
  map.scrollWheelZoom.enable();
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hint = (text: string) => {
    onHint(text);
    clearTimeout(timer);
    timer = setTimeout(() => onHint(null), HINT_MS);
  };
  const clearHint = () => {
    clearTimeout(timer);
    onHint(null);
  };

  const onWheel = (e: WheelEvent) => {
    if (e.ctrlKey || e.metaKey) {
      clearHint();
      return;
    }
    // Not prevented: the page scrolls. Stopped: Leaflet's wheel zoom never sees it.
    e.stopPropagation();
    hint(mac ? HINT_WHEEL_META : HINT_WHEEL_CTRL);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch') map.dragging.disable();
    else map.dragging.enable();
  };
  const onTouchMove = (e: TouchEvent) => {
    if (e.touches.length === 1) hint(HINT_TOUCH);
    else clearHint();
  };

  wrapper.addEventListener('wheel', onWheel, { capture: true, passive: true });
  container.addEventListener('pointerdown', onPointerDown, { capture: true });
  container.addEventListener('touchmove', onTouchMove, { capture: true, passive: true });
  return () => {
    clearTimeout(timer);
    wrapper.removeEventListener('wheel', onWheel, { capture: true });
    container.removeEventListener('pointerdown', onPointerDown, { capture: true });
    container.removeEventListener('touchmove', onTouchMove, { capture: true });
  };
}
