import cormorant500 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url';
import cormorant600 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url';
import interVariable from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { AFTER_LOAD_EVENT } from './after-load';

/*
 * Self-hosted, hashed font files, used once the page has loaded (decision 0052). On a phone's first
 * visit the page is drawn at once in metric-matched fallbacks (Arial and Times New Roman sized to
 * Inter and Cormorant, so the swap moves nothing), and the three files (about 95 KB) are fetched
 * after the load, when the first picture is painted and the scripts are on their way; from then on
 * this browser keeps them, and every later page is drawn in them from the start. Without scripts
 * the fonts are declared as usual (the <noscript> copy).
 */

const webFonts = [
  { family: 'Inter', weight: '100 900', url: interVariable },
  { family: 'Cormorant Garamond', weight: '500', url: cormorant500 },
  { family: 'Cormorant Garamond', weight: '600', url: cormorant600 },
];

/** Set in localStorage, to the first file's hashed address, once the three files have loaded: this browser has this build's fonts in its cache. */
export const FONTS_KEPT_KEY = 'rossy.fonts';

/** The fallbacks the page is first drawn in: always declared. */
export const fallbackFaces =
  "@font-face{font-family:'Inter Fallback';src:local('Arial');size-adjust:107.12%;ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%}" +
  "@font-face{font-family:'Cormorant Fallback';src:local('Times New Roman');size-adjust:93%;ascent-override:98%;descent-override:30%;line-gap-override:0%}";

/** The web fonts as CSS, for a browser without scripts. */
export const webFontFaces = webFonts
  .map(
    ({ family, weight, url }) =>
      `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')}`,
  )
  .join('');

/**
 * Written in the head: a browser that has the fonts uses them from the first paint; any other
 * fetches them when the page has loaded (the after-load event) and puts them in use together, once
 * all have arrived, so that the page is laid out again once rather than once per file; then notes
 * that it has them. A file that fails leaves its text in the fallback.
 */
export const fontsScript = `(function(){var d=document;if(!window.FontFace||!d.fonts)return;var F=${JSON.stringify(webFonts)};function faces(){return F.map(function(f){return new FontFace(f.family,'url('+f.url+') format("woff2")',{weight:f.weight,style:'normal',display:'swap'})})}function use(o){d.fonts.add(o)}var kept=false;try{kept=localStorage.getItem('${FONTS_KEPT_KEY}')===F[0].url}catch(e){}if(kept){faces().forEach(use);return}d.addEventListener('${AFTER_LOAD_EVENT}',function(){Promise.all(faces().map(function(o){return o.load().then(function(){return o},function(){return null})})).then(function(loaded){var all=true;loaded.forEach(function(o){if(o)use(o);else all=false});if(all)try{localStorage.setItem('${FONTS_KEPT_KEY}',F[0].url)}catch(e){}})},{once:true})})()`;
