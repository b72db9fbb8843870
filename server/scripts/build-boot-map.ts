/**
 * Builds src/shell/bootMap.svg: Iran's provinces as a small picture that index.html shows while the scripts
 * download, so a visitor on a slow link sees the country within a second rather than a note alone. Drawn by
 * the one projection the server-rendered pages use too (server/../domain/provincePicture.ts).
 *
 * Run: npm run geodata
 */
import { writeFileSync } from 'node:fs';
import { provincePicture } from '../../domain/provincePicture';

const LAND = '#e6f2ec';
const BORDER = '#9cc9b4';

const { width, height, shapes } = provincePicture();
const paths = shapes.map((shape) => shape.d).filter((d) => d.length > 0);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><g fill="${LAND}" stroke="${BORDER}" stroke-width="1" stroke-linejoin="round">${paths.map((d) => `<path d="${d}"/>`).join('')}</g></svg>\n`;
writeFileSync('src/shell/bootMap.svg', svg);
console.log(`src/shell/bootMap.svg: ${width}x${height}, ${svg.length} bytes`);
