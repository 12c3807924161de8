// Renders deferred email HTML (./deferred.ts) on its own thread, for the mailer
// (./deferred-renderer.ts): React's render of a booking's confirmation was the largest single cost
// of a booking left on the server's one event loop (issue 16).
import { renderDeferredHtml } from "./deferred";
import type { RenderRequest, RenderResult } from "./deferred-renderer";

declare const self: Worker;

self.onmessage = (event: MessageEvent<RenderRequest>) => {
  const { id, template, dataJson, site } = event.data;
  let result: RenderResult;
  try {
    result = { id, html: renderDeferredHtml(template, dataJson, site) };
  } catch (error) {
    result = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(result);
};
