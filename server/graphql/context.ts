// The GraphQL context: the services and who is asking (resolved before yoga runs).
import type { Services } from "../services/context";
import type { Viewer } from "../services/viewer";

export type { Viewer };
export type GraphQLContext = { services: Services; viewer: Viewer; request: Request };
