/**
 * Dispatched on `document` once the page has loaded and its next frame is painted (or at the latest
 * 2.5 s after the document was read), right after the page's scripts are started
 * (app/scripts-after-load.server.ts): what waits for the first paint listens for it (the web fonts).
 */
export const AFTER_LOAD_EVENT = 'rossy:after-load';
