import type { CombinedError } from "urql";

/** The GraphQL error code of a failed call (BAD_USER_INPUT, CONFLICT, ...), if the server sent one. */
export function errorCode(error: CombinedError | null | undefined): string | undefined {
  const code = error?.graphQLErrors.find((e) => e.extensions?.code)?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}
