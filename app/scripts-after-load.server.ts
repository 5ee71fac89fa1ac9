import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { AFTER_LOAD_EVENT } from './after-load';

/*
 * The page's JavaScript waits for the page to load (decision 0050). React Router writes a preload
 * link per module in the head and one inline module script that imports them and hydrates. On a
 * phone's mobile data those 150 KB would share the line with the stylesheet, the fonts and the
 * first product picture, and their evaluation would hold the picture's paint. So the server writes
 * them inert (`rel="x-modulepreload"`, `type="x-module"`), and a small script turns them live once
 * the page has loaded and its first contentful paint is on the screen (the browser's paint timing
 * reports it once the frame is presented; the next animation frame where that is not reported), or
 * 2.5 s after the document was read, whichever comes first; at once in a tab not shown, where no
 * frame is painted. An animation frame alone came too early: the frame was drawn but not yet shown,
 * and the scripts' and fonts' requests began before the first paint (decision 0057): the picture and
 * the words first, then the taps. It tells the page in a task of its own (AFTER_LOAD_EVENT: the
 * web fonts wait for it), and evaluates the page's modules one file at a time, in the order of their
 * preload links (React, the shell, the route's parts), each in a task of its own, and last puts the
 * module script back where it was: React Router's entry then finds them evaluated and hydrates. One
 * task evaluating all 400 KB of modules at once would hold a phone's main thread for a long stretch
 * (decision 0055).
 * Links and forms work before that; the markup React hydrates is the same.
 */

export const INERT_PRELOAD = 'x-modulepreload';
export const INERT_MODULE = 'x-module';

/** At most this long after the document is read, the scripts start even if a picture is still loading. */
export const SCRIPTS_AT_LATEST_MS = 2_500;

export const scriptsAfterLoad = `(function(){var started=false;function start(){document.querySelectorAll('script[type="${INERT_MODULE}"]').forEach(function(o){var s=document.createElement('script');s.type='module';if(o.nonce)s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)})}function go(){if(started)return;started=true;var links=[].slice.call(document.querySelectorAll('link[rel="${INERT_PRELOAD}"]'));links.forEach(function(l){l.rel='modulepreload'});setTimeout(function(){document.dispatchEvent(new Event('${AFTER_LOAD_EVENT}'))},0);var parts=links.map(function(l){return l.href}).filter(function(h){return !/\\/(manifest|entry\\.client)-[^\\/]*\\.js$/.test(h)});(function next(i){if(i>=parts.length)return start();import(parts[i]).then(function(){setTimeout(function(){next(i+1)},0)},start)})(0)}function painted(){if(document.hidden)return setTimeout(go,0);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}else requestAnimationFrame(function(){setTimeout(go,0)})}if(document.readyState==='complete')painted();else{addEventListener('load',painted,{once:true});addEventListener('DOMContentLoaded',function(){setTimeout(go,${SCRIPTS_AT_LATEST_MS})},{once:true})}})()`;

const PRELOAD = /<link\b([^>]*?)\brel="modulepreload"/g;
const INLINE_MODULE = /<script\b(?![^>]*\bsrc=)([^>]*?)\btype="module"/g;
const BODY_END = '</body>';

/** Rewrites one run of complete tags. */
export function inertScripts(html: string): string {
  return html
    .replace(PRELOAD, `<link$1rel="${INERT_PRELOAD}"`)
    .replace(INLINE_MODULE, `<script$1type="${INERT_MODULE}"`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * A stream of the page's HTML with its scripts made inert and the starter written before `</body>`.
 * Only whole tags are rewritten: what follows a chunk's last `>` waits for the next chunk.
 */
export function scriptsAfterLoadStream(nonce: string): Transform {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let starterWritten = false;
  const starter = `<script${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${scriptsAfterLoad}</script>`;
  const rewrite = (html: string) => {
    let out = inertScripts(html);
    if (!starterWritten) {
      const end = out.indexOf(BODY_END);
      if (end >= 0) {
        out = out.slice(0, end) + starter + out.slice(end);
        starterWritten = true;
      }
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const cut = text.lastIndexOf('>') + 1;
      carry = text.slice(cut);
      callback(null, cut > 0 ? rewrite(text.slice(0, cut)) : '');
    },
    flush(callback) {
      const rest = carry + decoder.end();
      carry = '';
      callback(null, rest ? rewrite(rest) : '');
    },
  });
}
