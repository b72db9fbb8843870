/** How long a question may be: longer ones are refused (GET /api/ask) and cut in a link (src/url/askQuestion.ts). */
export const ASK_MAX_CHARS = 200;
