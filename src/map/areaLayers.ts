/** The area being drawn (its path and corners) or drawn (a filled ring), under the markers and never picked. */
import { PathLayer, PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';

type Vertex = [number, number];

const AREA_LINE: [number, number, number] = [25, 113, 194];
const AREA_FILL: [number, number, number, number] = [25, 113, 194, 40];

export function areaLayers(vertices: readonly Vertex[], closed: boolean) {
  if (vertices.length === 0) return [];
  const corners = new ScatterplotLayer<Vertex>({
    id: 'area-corners',
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
  if (closed)
    return [
      new PolygonLayer<Vertex[]>({
        id: 'area-ring',
        data: [vertices as Vertex[]],
        getPolygon: (ring) => ring,
        getFillColor: AREA_FILL,
        getLineColor: AREA_LINE,
        lineWidthMinPixels: 2,
        pickable: false,
      }),
      corners,
    ];
  return [
    new PathLayer<Vertex[]>({
      id: 'area-path',
      data: [vertices as Vertex[]],
      getPath: (path) => path,
      getColor: AREA_LINE,
      widthMinPixels: 2,
      pickable: false,
    }),
    corners,
  ];
}
