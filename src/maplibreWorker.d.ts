/** The URL of MapLibre's worker in this build (tools/build/maplibreFromSource.ts). */
declare module 'virtual:maplibre-worker' {
  const url: string;
  export default url;
}
