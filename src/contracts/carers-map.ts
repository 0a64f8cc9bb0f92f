// The map of search results on /carers: its words, zod-free (the search page's first load).

/** OpenStreetMap's required credit, shown on the map (Leaflet's attribution control). */
export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The demo's and the tests' blank tiles (no outside host): served only outside production. */
export const DEMO_TILE_URL = '/demo/tiles/{z}/{x}/{y}';
/** Production's tiles unless MAP_TILE_URL says otherwise (their usage policy applies: README). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const MAP_TEXT = {
  viewLabel: 'Show results as',
  list: 'List',
  map: 'Map',
  mapLabel: 'Map of the carers in these results',
  /** The text alternative: what the map shows, in words. */
  summary: (shown: number, districts: number) =>
    shown === 0
      ? 'No carers in these results can be placed on the map.'
      : `${shown} ${shown === 1 ? 'carer' : 'carers'} shown in ${districts} postcode ${districts === 1 ? 'district' : 'districts'}, each at the centre of their district, never their home.`,
  notPlaced: (count: number) =>
    `${count} ${count === 1 ? 'carer has' : 'carers have'} no postcode district and ${count === 1 ? 'is' : 'are'} in the list only.`,
  keyboardHelp:
    'Use Tab to move between the places on the map and Enter to open one; the arrow keys move the map, plus and minus zoom.',
  markerLabel: (district: string, names: string[]) => `${district}: ${names.join(', ')}`,
  selected: 'Selected carer',
  loading: 'Loading the map…',
  failed: 'The map could not be loaded. The list has the same carers.',
} as const;
