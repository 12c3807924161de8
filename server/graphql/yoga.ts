// graphql-yoga serving the Pothos schema on GET and POST, hardened like a public API: token,
// depth and alias limits (./limits.ts), page sizes capped in services, masked internal errors.
import { normalizedExecutor } from "@graphql-tools/executor";
import { GraphQLError } from "graphql";
import { createGraphQLError, createYoga, maskError as defaultMaskError, type CORSOptions, type MaskError, type Plugin } from "graphql-yoga";
import { AppError, bookingOverlapError, limitFields, RETRY_AFTER_SECONDS, unavailableError } from "../errors";
import type { Services } from "../services/context";
import type { GraphQLContext, Viewer } from "./context";
import { readableVariableEnumError } from "./enum-errors";
import { limitsPlugin, parseCaches } from "./limits";
import { schema } from "./schema";

/**
 * yoga's GET and form parsers JSON.parse the `variables` and `extensions` parameters unguarded,
 * so `?variables={bad` was a 500; it is the client's mistake, a 400 like a bad POST body.
 */
const badJsonParamsPlugin: Plugin = {
  onRequestParse({ requestParser, setRequestParser }) {
    if (!requestParser) return;
    setRequestParser(async (request) => {
      try {
        return await requestParser(request);
      } catch (error) {
        // Yoga copies the JSON parser's message (which quotes the body) into the error: say only what is wrong.
        if (error instanceof GraphQLError && error.extensions?.originalError) {
          throw createGraphQLError(error.message, { extensions: { http: { status: 400 }, code: "BAD_REQUEST" } });
        }
        if (!(error instanceof SyntaxError)) throw error;
        throw createGraphQLError("The variables or extensions parameter is not valid JSON.", { extensions: { http: { status: 400 }, code: "BAD_REQUEST" } });
      }
    });
  },
};

/**
 * graphql-tools' executor 4 in place of the 2.x yoga ships with: for a field without arguments it
 * neither coerces an empty argument list (2.x built a Map and three other objects per field) nor
 * coerces a list item's arguments again, so a page of 20 admin bookings allocates about a third less
 * (issue 16). The same executor API; yoga's own engine plugin runs first, this one replaces it.
 */
const executorPlugin: Plugin = {
  onExecute({ setExecuteFn }) {
    setExecuteFn(normalizedExecutor);
  },
  onSubscribe({ setSubscribeFn }) {
    setSubscribeFn(normalizedExecutor);
  },
};

/**
 * What a client is told of an error in a result: an AppError as itself (code, field errors, limits),
 * the database unavailable as a 503 with Retry-After, anything else masked. Used by yoga and by the
 * lean path (./lean-path.ts), so both answer alike.
 */
export function maskErrorFor(services: Services): MaskError {
  return (error, message, isDev) => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    // The database (or its disk) cannot be used right now: a 503 with Retry-After, never a 500.
    const unavailable = original instanceof AppError ? null : unavailableError(original);
    if (unavailable) {
      services.log.warn(
        `graphql: ${unavailable.message} (${String((original as Error)?.message ?? original)
          .split("\n")
          .filter(Boolean)
          .pop()})`,
      );
      return new GraphQLError(unavailable.message, {
        extensions: { code: unavailable.code, http: { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } } },
      });
    }
    // The database refused a double booking that a service did not map itself: the services' 409.
    const overlap = original instanceof AppError ? null : bookingOverlapError(original);
    if (overlap) services.log.warn("graphql: the database refused an overlapping booking");
    const appError = original instanceof AppError ? original : overlap;
    if (appError) {
      const retryAfter = appError.retryAfterSeconds;
      return new GraphQLError(appError.message, {
        extensions: {
          code: appError.code,
          ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
          ...limitFields(appError),
          // A rate limit says when to try again, as REST's 429 does (the status stays GraphQL's).
          ...(retryAfter !== undefined ? { http: { headers: { "Retry-After": String(retryAfter) } } } : {}),
        },
      });
    }
    if (original && !(original instanceof GraphQLError)) services.log.error(`graphql: ${(original as Error).stack ?? String(original)}`);
    // A variable of the wrong type, null where required, or an unknown enum value (graphql-js'
    // coercion, before any resolver): the client's input, so BAD_USER_INPUT like every other
    // refused input, where it used to carry no code at all; a wrong enum value also says what the
    // field takes, in the API's words (./enum-errors.ts).
    const enumError = error instanceof GraphQLError && original instanceof GraphQLError ? readableVariableEnumError(error, schema) : null;
    if (enumError) return enumError;
    if (
      error instanceof GraphQLError &&
      (!original || original instanceof GraphQLError) &&
      error.extensions?.code === undefined &&
      error.message.startsWith('Variable "$')
    ) {
      return new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: "BAD_USER_INPUT" } });
    }
    return defaultMaskError(error, message, isDev);
  };
}

/**
 * Only our own site (PUBLIC_URL) and the configured CORS_ORIGINS may call from a browser, and
 * never with credentials: the app sends its token in the Authorization header, not cookies.
 */
export function corsFor(services: Services): (request: Request) => CORSOptions {
  return (request) => {
    const origin = request.headers.get("origin");
    if (!origin || !services.config.corsOrigins.includes(origin)) return false;
    return { origin: [origin], credentials: false, methods: ["GET", "POST"], allowedHeaders: ["Content-Type", "Authorization", "X-API-Key"], maxAge: 600 };
  };
}

/** The viewer is resolved by the HTTP layer (an invalid token is a 401 before yoga runs). */
export function createGraphQL(services: Services, extraPlugins: Plugin[] = [], caches = parseCaches()) {
  return createYoga<{ viewer: Viewer }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    logging: false,
    context: ({ request, viewer }) => ({ services, request, viewer }),
    cors: corsFor(services),
    plugins: [executorPlugin, badJsonParamsPlugin, limitsPlugin(), ...extraPlugins],
    // The body is already within MAX_JSON_BODY_BYTES (app.ts withinBodyLimit: a larger declared
    // length refused, a streamed body read only up to it). yoga's own limit piped every body
    // through a TransformStream again: about a third of a trivial query's 65 µs.
    maxRequestBodySize: false,
    parserAndValidationCache: caches,
    maskedErrors: { maskError: maskErrorFor(services) },
  });
}
