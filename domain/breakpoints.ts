/** Window widths (CSS px) at which the layout changes. The stylesheet's media queries use the same numbers. */

/** At or below: phone layout (compact toolbar title, full-screen dialogs). */
export const PHONE_MAX_WIDTH = 599;
/** Above: the sidebar starts open. */
export const SIDEBAR_OPEN_ABOVE_PX = 768;

export const PHONE_MEDIA_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;
