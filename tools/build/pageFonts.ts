/**
 * The app's regular face (Vazirmatn 400, each of its subsets with its unicode-range) declared in the page's own
 * head: the shell and every page the server renders into it draw Persian in the font the app bundles from the
 * first paint, with the script blocked or still on its way, instead of in whatever the phone has. The faces are
 * taken from the app's built stylesheet, so the files and ranges are the ones the app itself uses (same URLs:
 * the browser fetches each file once). The bold face is left to the app (the browser draws bold from the regular
 * face until then, as the app does before its bold stylesheet).
 */
import type { Plugin } from 'vite';

const REGULAR_FACE = /@font-face\{[^}]*font-family:\s*Vazirmatn;[^}]*font-weight:\s*400;[^}]*\}/g;

/** The regular faces in a stylesheet, as written there. */
export function regularFaces(css: string): string[] {
  return css.match(REGULAR_FACE) ?? [];
}

export function pageFonts(): Plugin {
  return {
    name: 'makan-page-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // The dev server applies the app's stylesheet at once: nothing to declare ahead of it.
        if (!context.bundle) return html;
        const css = Object.values(context.bundle)
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
          .map((file) => (file.type === 'asset' ? String(file.source) : ''))
          .join('\n');
        const faces = regularFaces(css);
        if (faces.length === 0) throw new Error('makan-page-fonts: no regular Vazirmatn face in the built stylesheet');
        if (!html.includes('</style>')) throw new Error('makan-page-fonts: index.html has no inline style to add to');
        return html.replace('</style>', () => `${faces.join('')}</style>`);
      },
    },
  };
}
