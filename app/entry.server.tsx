import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { scriptsAfterLoadStream } from './scripts-after-load.server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 5_000;

/**
 * A loader's or action's failure goes to the shop's log, whose serializers drop SQL parameters and
 * URL secrets (React Router's default prints the raw error, parameters and all, to stderr).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as AppLoadContext).services.logError(error, `page ${request.method} failed`);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A refused action's Retry-After (a rate limit, app/lib/action-result.server.ts) reaches the page's
  // answer: React Router carries only an action's cookies unless the route exports `headers`.
  if (responseStatusCode === 429 && !responseHeaders.has('Retry-After')) {
    for (const headers of Object.values(routerContext.staticHandlerContext.actionHeaders ?? {})) {
      const retryAfter = headers.get('Retry-After');
      if (retryAfter) {
        responseHeaders.set('Retry-After', retryAfter);
        break;
      }
    }
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // The page's scripts start once it has loaded: its picture and words come first (decision 0050).
          const rewritten = scriptsAfterLoadStream(nonce);
          rewritten.pipe(body);
          pipe(rewritten);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.services.logError(error, 'page rendering failed');
        },
      },
    );
  });
}
