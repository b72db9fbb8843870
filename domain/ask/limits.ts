/** How long a question may be: longer ones are refused (GET /api/ask) and cut in a link (src/url/askQuestion.ts). */
export const ASK_MAX_CHARS = 200;
/** The farthest a question may ask to look: past it a number is no distance (Iran is some 2,000 km across). */
export const ASK_MAX_KM = 1000;
