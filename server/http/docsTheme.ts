/**
 * Swagger UI's own colours read poorly: white on its light method badges (2.3:1), its pale links and version
 * stamp. The docs page gets darker ones, each at least 4.5:1 against what it stands on, so it reads for
 * everyone (axe checks it like every page of the app).
 */
const BADGES: Record<string, string> = {
  get: '#1c5f99',
  post: '#1b6e47',
  put: '#8a4b00',
  delete: '#b3261e',
  patch: '#1f6f66',
  head: '#6a2f8f',
  options: '#0f4c75',
};

export const DOCS_THEME_CSS = [
  ...Object.entries(BADGES).map(
    ([method, colour]) =>
      `.swagger-ui .opblock.opblock-${method} .opblock-summary-method { background: ${colour}; }` +
      `.swagger-ui .opblock.opblock-${method} .tab-header .tab-item.active h4 span:after { background: ${colour}; }`,
  ),
  '.swagger-ui .info .title small { background: #3f4a52; }',
  '.swagger-ui .info .title small.version-stamp { background: #3d5c00; }',
  '.swagger-ui .info .title small pre { color: #fff; }',
  '.swagger-ui .info a, .swagger-ui .info .link, .swagger-ui .info .url { color: #1c5f99; }',
  '.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description { color: #343a40; }',
  '.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated, .swagger-ui .prop-format { color: #495057; }',
  '.swagger-ui .response-col_links, .swagger-ui .renderedMarkdown p { color: #343a40; }',
].join('\n');
