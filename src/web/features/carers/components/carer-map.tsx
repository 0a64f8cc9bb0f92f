// The map of search results (decision 0042): Leaflet with its marker clusters, each carer at the
// centre of their postcode district (never their home), the tiles from the server's MAP_TILE_URL.
// Loaded only when the Map view is chosen: the list is the primary view and needs none of this.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import type { CarerSummary } from '@contracts/carers';
import { MAP_ATTRIBUTION, MAP_TEXT } from '@contracts/carers-map';
import { Alert } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCarersMap } from '../api/carers-map';
import { CarerCard } from './carer-card';

/** Great Britain, for a map with nothing on it. */
const UK_CENTRE: L.LatLngExpression = [54.3, -2.5];

// The cluster plugin is a script that extends the global L: it is given this module's Leaflet.
let clusters: Promise<void> | undefined;
function loadClusters(): Promise<void> {
  (globalThis as { L?: typeof L }).L ??= L;
  clusters ??= import('leaflet.markercluster').then(() => undefined);
  return clusters;
}

function markerIcon(carer: CarerSummary): L.DivIcon {
  // Built as elements, never as HTML text: names are the carers' own words.
  const pin = document.createElement('span');
  pin.className =
    'flex size-9 items-center justify-center rounded-full border-2 border-white bg-primary text-sm font-semibold text-primary-foreground shadow-md';
  pin.textContent = `${carer.firstName.charAt(0)}${carer.lastName.charAt(0)}`;
  return L.divIcon({ html: pin, className: 'carer-map-marker', iconSize: [36, 36], iconAnchor: [18, 18] });
}

function isActivation(event: L.LeafletKeyboardEvent): boolean {
  return event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ';
}

export function CarerMap({ carers }: { carers: CarerSummary[] }) {
  const districts = useMemo(
    () => [...new Set(carers.flatMap((carer) => (carer.postcodeDistrict ? [carer.postcodeDistrict] : [])))],
    [carers],
  );
  const mapData = useCarersMap(districts);
  const container = useRef<HTMLDivElement>(null);
  const selectedRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<CarerSummary | null>(null);
  const summaryId = useId();
  const helpId = useId();

  const points = useMemo(
    () => new Map((mapData.data?.districts ?? []).map((point) => [point.district, point])),
    [mapData.data],
  );
  const placed = carers.filter((carer) => carer.postcodeDistrict && points.has(carer.postcodeDistrict));

  useEffect(() => {
    const element = container.current;
    const data = mapData.data;
    if (!element || !data) return;
    let cancelled = false;
    const map = L.map(element, { keyboard: true, scrollWheelZoom: false }).setView(UK_CENTRE, 5);
    L.tileLayer(data.tiles.url, { attribution: MAP_ATTRIBUTION, maxZoom: 18 }).addTo(map);
    void loadClusters().then(() => {
      if (cancelled) return;
      const group = L.markerClusterGroup({ maxClusterRadius: 40, showCoverageOnHover: false });
      for (const carer of carers) {
        const point = carer.postcodeDistrict ? points.get(carer.postcodeDistrict) : undefined;
        if (!point) continue;
        const name = `${carer.firstName} ${carer.lastName}`;
        const marker = L.marker([point.latitude, point.longitude], {
          icon: markerIcon(carer),
          keyboard: true,
          title: MAP_TEXT.markerLabel(point.district, [name]),
        });
        const choose = () => {
          setSelected(carer);
          requestAnimationFrame(() => selectedRef.current?.focus());
        };
        marker.on('click', choose);
        // A marker is a focusable button: Enter or Space opens it as a click does.
        marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
          if (isActivation(event)) choose();
        });
        marker.on('add', () =>
          marker.getElement()?.setAttribute('aria-label', MAP_TEXT.markerLabel(point.district, [name])),
        );
        group.addLayer(marker);
      }
      // A cluster opens from the keyboard as from a click: nearer, or spread out when all on one point.
      group.on('clusterkeypress', (event: L.LeafletEvent) => {
        if (!isActivation(event as L.LeafletKeyboardEvent)) return;
        // The cluster's marker the key was pressed on (the plugin passes it on as the event's layer).
        const cluster: L.MarkerCluster = event.layer;
        const bounds = cluster.getBounds();
        if (bounds.getNorthEast().equals(bounds.getSouthWest()) || map.getZoom() >= map.getMaxZoom()) {
          cluster.spiderfy();
        } else {
          cluster.zoomToBounds({ padding: [32, 32] });
        }
      });
      map.addLayer(group);
      const bounds = group.getBounds();
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 12 });
    });
    return () => {
      cancelled = true;
      map.remove();
    };
  }, [mapData.data, carers, points]);

  if (mapData.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {MAP_TEXT.failed}
      </Alert>
    );
  }

  const notPlaced = carers.length - placed.length;
  return (
    <div className="grid gap-4">
      <p id={summaryId} className="text-sm text-muted-foreground">
        {mapData.data
          ? MAP_TEXT.summary(placed.length, new Set(placed.map((c) => c.postcodeDistrict)).size)
          : MAP_TEXT.loading}
        {mapData.data && notPlaced > 0 ? ` ${MAP_TEXT.notPlaced(notPlaced)}` : ''}
      </p>
      <p id={helpId} className="sr-only">
        {MAP_TEXT.keyboardHelp}
      </p>
      {mapData.data ? (
        <div
          ref={container}
          role="region"
          aria-label={MAP_TEXT.mapLabel}
          aria-describedby={`${summaryId} ${helpId}`}
          data-testid="carer-map"
          className="isolate h-[60vh] min-h-80 w-full overflow-hidden rounded-lg border border-border"
        />
      ) : (
        <Skeleton className="h-[60vh] min-h-80 w-full rounded-lg" />
      )}
      {selected ? (
        <div
          ref={selectedRef}
          tabIndex={-1}
          role="region"
          aria-label={MAP_TEXT.selected}
          className="focus:outline-none"
        >
          <CarerCard carer={selected} />
        </div>
      ) : null}
    </div>
  );
}
