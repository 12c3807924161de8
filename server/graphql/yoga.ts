// graphql-yoga serving the Pothos schema on GET and POST, hardened like a public API: token,
// depth and alias limits (./limits.ts), page sizes capped in services, masked internal errors.
import { GraphQLError } from "graphql";
import { createGraphQLError, createYoga, maskError as defaultMaskError, type Plugin } from "graphql-yoga";
import { AppError } from "../errors";
import type { Services } from "../services/context";
import type { GraphQLContext, Viewer } from "./context";
import { limitsPlugin } from "./limits";
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
        if (!(error instanceof SyntaxError)) throw error;
        throw createGraphQLError("The variables or extensions parameter is not valid JSON.", { extensions: { http: { status: 400 }, code: "BAD_REQUEST" } });
      }
    });
  },
};

/** The viewer is resolved by the HTTP layer (an invalid token is a 401 before yoga runs). */
export function createGraphQL(services: Services) {
  return createYoga<{ viewer: Viewer }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    logging: false,
    context: ({ request, viewer }) => ({ services, request, viewer }),
    plugins: [badJsonParamsPlugin, limitsPlugin()],
    maskedErrors: {
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) {
          return new GraphQLError(original.message, {
            extensions: { code: original.code, ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}) },
          });
        }
        if (original && !(original instanceof GraphQLError)) services.log.error(`graphql: ${(original as Error).stack ?? String(original)}`);
        return defaultMaskError(error, message, isDev);
      },
    },
  });
}
