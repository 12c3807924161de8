// graphql-yoga serving the Pothos schema on GET and POST, hardened like a public API: token,
// depth and alias limits (./limits.ts), page sizes capped in services, masked internal errors.
import { GraphQLError } from "graphql";
import { createYoga, maskError as defaultMaskError } from "graphql-yoga";
import { AppError } from "../errors";
import type { Services } from "../services/context";
import type { GraphQLContext, Viewer } from "./context";
import { limitsPlugin } from "./limits";
import { schema } from "./schema";

export type ViewerResolver = (request: Request) => Promise<Viewer>;

export function createGraphQL(services: Services, resolveViewer: ViewerResolver) {
  return createYoga<{ request: Request }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    logging: false,
    context: async ({ request }) => ({ services, request, viewer: await resolveViewer(request) }),
    plugins: [limitsPlugin()],
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
