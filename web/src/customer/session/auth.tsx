/**
 * Customer auth (SPEC 4, "Customer auth"): signed out when no token is stored; signed in when a
 * token is stored and the current-user call succeeds. The `me` query runs only when a token
 * exists and is never retried. Sign-up / sign-in store the token and set the current user (from
 * the mutation's own answer, see client.ts); sign-out calls the server, removes the token and
 * replaces the GraphQL client so every cached result is gone.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useClient, useQuery, type CombinedError } from "urql";
import { dropCustomerToken, storeCustomerToken, useCustomerToken } from "../../lib/session.ts";
import { ME_QUERY, USER_FIELDS, type User } from "./user.ts";
import { clearProfileDraft } from "../lib/profileDraft.ts";
import { graphql } from "../../lib/graphql.ts";

const SIGN_UP = graphql(
  `
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      token
      user {
        ...UserFields
      }
    }
  }
`,
  [USER_FIELDS],
);

const SIGN_IN = graphql(
  `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      token
      user {
        ...UserFields
      }
    }
  }
`,
  [USER_FIELDS],
);

const SIGN_IN_WITH_GOOGLE = graphql(
  `
  mutation SignInWithGoogle($input: GoogleSignInInput!) {
    signInWithGoogle(input: $input) {
      token
      isNewUser
      user {
        ...UserFields
      }
    }
  }
`,
  [USER_FIELDS],
);

const SIGN_OUT = graphql(`
  mutation SignOut {
    signOut
  }
`);

/** "error": a token is stored but the current user could not be loaded (network or server trouble). */
export type AuthStatus = "loading" | "signedIn" | "signedOut" | "error";

export type AuthOutcome<T = object> = ({ ok: true } & T) | { ok: false; error: CombinedError | undefined };

export interface SignUpVariables {
  name: string;
  email: string;
  phone?: string | undefined;
  password: string;
}

export interface AuthApi {
  status: AuthStatus;
  user: User | null;
  /** The `me` call failed for a reason other than a dead session (network down, server error). */
  error: CombinedError | undefined;
  signUp(input: SignUpVariables): Promise<AuthOutcome>;
  signIn(input: { email: string; password: string }): Promise<AuthOutcome>;
  signInWithGoogle(credential: string): Promise<AuthOutcome<{ isNewUser: boolean }>>;
  signOut(): Promise<void>;
  /** Fetches the current user from the server again (after profile completion). */
  refetchUser(): void;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useClient();
  const token = useCustomerToken();
  const [me, reexecuteMe] = useQuery({ query: ME_QUERY, pause: token === null });

  const user = token === null ? null : (me.data?.me ?? null);
  const status: AuthStatus =
    token === null
      ? "signedOut"
      : user
        ? "signedIn"
        : me.fetching || (me.data === undefined && me.error === undefined)
          ? "loading"
          : me.error && me.error.response?.status !== 401
            ? "error"
            : "signedOut";

  // A token the server does not recognise as a customer's (me: null) is dropped. A 401 is
  // handled by the client itself (it signs out and starts a new client).
  const meIsNull = token !== null && !me.fetching && me.data !== undefined && me.data.me === null;
  useEffect(() => {
    if (meIsNull) dropCustomerToken(); // the client resets itself when the token goes
  }, [meIsNull]);

  const signUp = useCallback(
    async (input: SignUpVariables): Promise<AuthOutcome> => {
      const result = await client.mutation(SIGN_UP, { input }).toPromise();
      const token = result.data?.signUp?.token;
      if (!token) return { ok: false, error: result.error };
      storeCustomerToken(token);
      return { ok: true };
    },
    [client],
  );

  const signIn = useCallback(
    async (input: { email: string; password: string }): Promise<AuthOutcome> => {
      const result = await client.mutation(SIGN_IN, { input }).toPromise();
      const token = result.data?.signIn?.token;
      if (!token) return { ok: false, error: result.error };
      storeCustomerToken(token);
      return { ok: true };
    },
    [client],
  );

  const signInWithGoogle = useCallback(
    async (credential: string): Promise<AuthOutcome<{ isNewUser: boolean }>> => {
      const result = await client.mutation(SIGN_IN_WITH_GOOGLE, { input: { credential } }).toPromise();
      const payload = result.data?.signInWithGoogle;
      if (!payload?.token) return { ok: false, error: result.error };
      storeCustomerToken(payload.token);
      return { ok: true, isNewUser: payload.isNewUser };
    },
    [client],
  );

  const signOut = useCallback(async () => {
    // Tell the server first (the token stops working at once), then forget everything locally
    // whatever the answer: a customer who asked to sign out is signed out on this device.
    // Dropping the token replaces the GraphQL client (client.ts), so no cached result survives.
    try {
      await client.mutation(SIGN_OUT, {}, { requestPolicy: "network-only" }).toPromise();
    } finally {
      dropCustomerToken();
      clearProfileDraft(); // (also on any other loss of the token: lib/profileDraft.ts)
    }
  }, [client]);

  const refetchUser = useCallback(() => reexecuteMe({ requestPolicy: "network-only" }), [reexecuteMe]);

  const api = useMemo<AuthApi>(
    () => ({
      status,
      user,
      error: me.error && me.error.response?.status !== 401 ? me.error : undefined,
      signUp,
      signIn,
      signInWithGoogle,
      signOut,
      refetchUser,
    }),
    [status, user, me.error, signUp, signIn, signInWithGoogle, signOut, refetchUser],
  );

  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error("useAuth() must be used inside <AuthProvider> (the customer session root)");
  return api;
}
