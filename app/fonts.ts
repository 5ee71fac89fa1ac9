import cormorant500 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url';
import cormorant600 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url';
import interVariable from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * Self-hosted, hashed font files, declared with metric-matched fallbacks so the swap does not move
 * the layout. They are not preloaded: on a slow connection they would compete with the stylesheet
 * and the first product photo, which matter more to the first paint.
 */
export const fontFaces = `
@font-face{font-family:'Inter';font-style:normal;font-weight:100 900;font-display:swap;src:url(${interVariable}) format('woff2')}
@font-face{font-family:'Cormorant Garamond';font-style:normal;font-weight:500;font-display:swap;src:url(${cormorant500}) format('woff2')}
@font-face{font-family:'Cormorant Garamond';font-style:normal;font-weight:600;font-display:swap;src:url(${cormorant600}) format('woff2')}
@font-face{font-family:'Inter Fallback';src:local('Arial');size-adjust:107.12%;ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%}
@font-face{font-family:'Cormorant Fallback';src:local('Times New Roman');size-adjust:93%;ascent-override:98%;descent-override:30%;line-gap-override:0%}
`;
