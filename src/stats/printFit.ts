/**
 * Charts are drawn at the width the screen gave them; a printed page is narrower. For printing, each chart
 * SVG gets a viewBox of its drawn size and scales to the page width, and is put back afterwards.
 */
export function fitChartsToPageWhilePrinting(root: () => HTMLElement | null): () => void {
  const fitted: { svg: SVGSVGElement; width: string | null; height: string | null }[] = [];
  const before = () => {
    for (const svg of root()?.querySelectorAll<SVGSVGElement>('.chart-card svg') ?? []) {
      const width = svg.getAttribute('width');
      const height = svg.getAttribute('height');
      if (!width || !height || svg.hasAttribute('viewBox')) continue;
      fitted.push({ svg, width, height });
      svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
      svg.setAttribute('width', '100%');
      svg.removeAttribute('height');
    }
  };
  const after = () => {
    for (const { svg, width, height } of fitted.splice(0)) {
      svg.removeAttribute('viewBox');
      if (width) svg.setAttribute('width', width);
      if (height) svg.setAttribute('height', height);
    }
  };
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
  };
}
