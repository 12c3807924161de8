// The GraphQL context: the services and who is asking. Later areas add their viewers here.
import type { Services } from "../services/context";

export type Viewer = { kind: "anonymous" } | { kind: "customer"; userId: string; sessionId: string } | { kind: "admin"; adminId: string; sessionId: string } | { kind: "dealership"; dealershipId: string; sessionId: string } | { kind: "apiKey"; apiKeyId: string; permissions: string[] };

export type GraphQLContext = { services: Services; viewer: Viewer; request: Request };
