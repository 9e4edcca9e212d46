/**
 * Coordinates from the field: "Usar minha localização" fills latitude and longitude from
 * the device, and a small map (loaded on demand) lets the user drop or drag a pin. A point more than
 * 100 km from the chosen city gets a warning, not a block.
 *
 * Wiring (step-fields.tsx, StepLocalizacao), under the latitude/longitude inputs:
 *   const { setValue } = useFormContext<FormValues>();
 *   const [lat, lng, cidade, estado] = useWatch({ name: ['latitude', 'longitude', 'cidade', 'estado'] });
 *   <LocationPicker
 *     lat={toNumberOrNull(lat)} lng={toNumberOrNull(lng)} cidade={cidade} estado={estado}
 *     onPick={(p) => {
 *       setValue('latitude', p.lat, { shouldValidate: true, shouldDirty: true });
 *       setValue('longitude', p.lng, { shouldValidate: true, shouldDirty: true });
 *     }}
 *   />
 * The inputs (FormNumberInput kind="coordinate") show the new values in pt-BR at once.
 */
import { Suspense, lazy, useId, useState } from 'react';
import { BRAZIL_CENTER, type LatLng, cityCenter } from '../../shared/cities.js';
import { COORDINATE_DECIMALS } from '../../shared/decimal.js';
import { farFromCity } from '../../shared/geo.js';
import { cn } from '../lib/cn.js';
import { StatusLine, type StatusMessage } from './ui/alert.js';
import { Button } from './ui/button.js';
import { Spinner } from './ui/spinner.js';
import { LineIcon } from './ui/line-icon.js';

const LocationMap = lazy(() => import('./location-map.js'));

export const GEO_MSG = {
  denied: 'Permissão de localização negada. Ative a localização do navegador ou digite as coordenadas.',
  unavailable: 'Não foi possível obter a localização do aparelho. Verifique se o GPS está ligado ou digite as coordenadas.',
  timeout: 'A localização demorou mais de 15 segundos. Tente de novo em um lugar aberto ou digite as coordenadas.',
  unsupported: 'Este navegador não informa a localização. Digite as coordenadas.',
} as const;

/** What a field position needs: high accuracy, at most 15 s. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 };

export interface LocationPickerProps {
  /** Current coordinates from the form (null, NaN or 0 mean "not informed"). */
  lat: number | null | undefined;
  lng: number | null | undefined;
  /** Called with the device's or the map's point, in decimal degrees to 6 places. */
  onPick: (point: LatLng) => void;
  /** The chosen city: centres the map and drives the 100 km warning. */
  cidade?: string | undefined;
  estado?: string | undefined;
  /** Tile server; defaults to VITE_MAP_TILE_URL or OpenStreetMap. */
  tileUrl?: string | undefined;
  className?: string | undefined;
}

const round = (n: number) => Number(n.toFixed(COORDINATE_DECIMALS));
const known = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v !== 0;

function PinIcon() {
  return (
    <LineIcon viewBox="0 0 20 20" className="h-4 w-4" strokeWidth="1.8">
      <path d="M10 18s6-5.3 6-10a6 6 0 1 0-12 0c0 4.7 6 10 6 10z" strokeLinejoin="round" />
      <circle cx="10" cy="8" r="2.2" />
    </LineIcon>
  );
}

export function LocationPicker({ lat, lng, onPick, cidade, estado, tileUrl, className }: LocationPickerProps) {
  const mapId = useId();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const position = known(lat) && known(lng) ? { lat, lng } : null;
  const city = cityCenter(cidade, estado);
  const warning = position ? farFromCity(position, cidade, estado) : null;

  const locate = () => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setStatus({ tone: 'error', text: GEO_MSG.unsupported });
      return;
    }
    setBusy(true);
    setStatus(null);
    geo.getCurrentPosition(
      (pos) => {
        setBusy(false);
        onPick({ lat: round(pos.coords.latitude), lng: round(pos.coords.longitude) });
        const accuracy = Math.round(pos.coords.accuracy);
        setStatus({
          tone: 'ok',
          text: Number.isFinite(accuracy) ? `Localização obtida (precisão de cerca de ${accuracy} m).` : 'Localização obtida.',
        });
      },
      (err) => {
        setBusy(false);
        // GeolocationPositionError codes: 1 denied, 2 unavailable, 3 timeout.
        const text = err.code === 1 ? GEO_MSG.denied : err.code === 3 ? GEO_MSG.timeout : GEO_MSG.unavailable;
        setStatus({ tone: 'error', text });
      },
      GEO_OPTIONS,
    );
  };

  return (
    <div className={cn('space-y-3', className)}>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="min-h-11" onClick={locate} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner className="h-4 w-4" /> : <PinIcon />}
          {busy ? 'Obtendo localização...' : 'Usar minha localização'}
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={() => setMapOpen((o) => !o)} aria-expanded={mapOpen} aria-controls={mapId}>
          {mapOpen ? 'Ocultar mapa' : 'Marcar no mapa'}
        </Button>
      </div>
      <StatusLine status={status} />
      {warning ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {warning}
        </p>
      ) : null}
      <div id={mapId} hidden={!mapOpen}>
        {mapOpen ? (
          <>
            <p className="mb-2 text-xs text-slate-600">Toque ou clique no mapa para marcar o local; arraste o marcador para ajustar.</p>
            <Suspense
              fallback={
                <div className="flex h-[280px] items-center justify-center rounded-lg border border-soil-200 bg-soil-100 text-sm text-slate-700">
                  Carregando mapa...
                </div>
              }
            >
              <LocationMap
                position={position}
                center={city ?? BRAZIL_CENTER}
                zoom={city ? 11 : 4}
                onPick={(p) => {
                  setStatus(null);
                  onPick(p);
                }}
                {...(tileUrl ? { tileUrl } : {})}
              />
            </Suspense>
          </>
        ) : null}
      </div>
    </div>
  );
}
