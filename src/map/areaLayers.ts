/** The area being drawn (its path and corners) or drawn (a filled ring), under the markers and never picked. */
import { type DeckLayerSpec, pathSpec, scatterplotSpec, solidPolygonSpec } from './deckSpecs';
import { NATIVE_MARKERS_BOTTOM } from './nativeMarkers';

type Vertex = [number, number];

const AREA_LINE: [number, number, number] = [25, 113, 194];
const AREA_FILL: [number, number, number, number] = [25, 113, 194, 40];

export function areaLayers(vertices: readonly Vertex[], closed: boolean): DeckLayerSpec[] {
  if (vertices.length === 0) return [];
  const corners = scatterplotSpec<Vertex>({
    id: 'area-corners',
    beforeId: NATIVE_MARKERS_BOTTOM,
    data: vertices,
    getPosition: (v) => v,
    getRadius: 5,
    radiusUnits: 'pixels',
    getFillColor: [255, 255, 255],
    getLineColor: AREA_LINE,
    lineWidthMinPixels: 2,
    stroked: true,
    pickable: false,
  });
  // The ring as its two primitive layers, fill and outline: deck.gl draws a composite layer's parts under a
  // MapLibre layer (beforeId) only if they carry it themselves, which a PolygonLayer's parts do not.
  if (closed)
    return [
      solidPolygonSpec<Vertex[]>({
        id: 'area-fill',
        beforeId: NATIVE_MARKERS_BOTTOM,
        data: [vertices as Vertex[]],
        getPolygon: (ring) => ring,
        getFillColor: AREA_FILL,
        pickable: false,
      }),
      pathSpec<Vertex[]>({
        id: 'area-ring',
        beforeId: NATIVE_MARKERS_BOTTOM,
        data: [[...vertices, vertices[0]!]],
        getPath: (path) => path,
        getColor: AREA_LINE,
        widthMinPixels: 2,
        pickable: false,
      }),
      corners,
    ];
  return [
    pathSpec<Vertex[]>({
      id: 'area-path',
      beforeId: NATIVE_MARKERS_BOTTOM,
      data: [vertices as Vertex[]],
      getPath: (path) => path,
      getColor: AREA_LINE,
      widthMinPixels: 2,
      pickable: false,
    }),
    corners,
  ];
}
