// How a large JSON answer leaves the server when it was made after the request's own turn of the
// event loop (a PostgreSQL round trip, a timer). Bun 1.4.5 corks a response (gathers its status
// line, headers and body into one send) only while the request's socket is being read, or when
// the whole response fits the 16 KB cork buffer. A larger answer made later goes out one fragment
// at a time: "HTTP/1.1 ", "200 OK", "\r\n", then each header's name, ": ", value and "\r\n", about
// 40 sends for the admin booking page on PostgreSQL, which made the kernel 43 % of the server's
// CPU there against 11 % on SQLite (issue 16; upstream: oven-sh/bun#41341, not in a release yet).
// The same bytes given as a one-chunk stream leave in two sends (headers, then the chunked body).
// Answers made within the request's turn are corked already and keep their Content-Length.
// Telling the turns apart costs an immediate per turn (about 6 µs a request when requests come one
// at a time), so only servers on PostgreSQL, whose every read answers in a later turn, count them;
// on SQLite reads are synchronous and answers leave as they are.

/** Answers of more than this many bytes, made after the request's turn, are sent as a stream (headers fill the rest of the 16 KB buffer). */
export const STREAMED_FROM_BYTES = 12 * 1024;

/** The turn of a request whose server does not count turns: its answer is sent as it is. */
export const UNCOUNTED = -1;

let turn = 0;
let counting = false;
const nextTurn = () => {
  turn++;
  counting = false;
};

/**
 * The event loop's turn, as a number that has changed once the loop has gone round (an immediate
 * has run). One immediate per turn at most, armed only while requests arrive, so an idle server
 * stays idle.
 */
export function currentTurn(): number {
  if (!counting) {
    counting = true;
    setImmediate(nextTurn);
  }
  return turn;
}

/**
 * Marks a response of `largeResponse` whose body is large enough to stream. A header, since the
 * response may be wrapped in another on its way out (Elysia does so to add headers set by a route);
 * `sendable` removes it before anything is sent.
 */
const LARGE_BODY = "x-capedrive-large-body";

/**
 * A response with this body, marked as large when it is, so that `sendable` reads back only those.
 * What makes JSON answers uses it: REST's jsonResponse, the public cache, the lean GraphQL path.
 */
export function largeResponse(body: string | Uint8Array, init: ResponseInit): Response {
  const response = new Response(body as BodyInit, init);
  // A string's length counts UTF-16 units: its UTF-8 bytes are at least as many.
  if ((typeof body === "string" ? body.length : body.byteLength) > STREAMED_FROM_BYTES) response.headers.set(LARGE_BODY, "1");
  return response;
}

/**
 * The response to send for a request that arrived in `arrivedIn` (from `currentTurn`, or UNCOUNTED): a large
 * body (`largeResponse`) made in a later turn as the same bytes in a one-chunk stream; anything
 * else as it is.
 */
export function sendable(response: Response, arrivedIn: number, method: string): Response | Promise<Response> {
  if (!response.headers.has(LARGE_BODY)) return response;
  response.headers.delete(LARGE_BODY);
  if (arrivedIn === UNCOUNTED || arrivedIn === turn || method === "HEAD" || response.bodyUsed) return response;
  return streamed(response);
}

async function streamed(response: Response): Promise<Response> {
  const bytes = await response.bytes();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
}
