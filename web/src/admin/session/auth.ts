/** Admin sign-in, sign-up and sign-out (SPEC 4, 7): the calls, and the local session they set. */
import { useCallback } from "react";
import { useClient, type CombinedError } from "urql";
import { clearAdminSession, storeAdminSession, type AdminInfo } from "./store.ts";
import { graphql } from "../../lib/graphql.ts";

export const ADMIN_FIELDS = graphql(`
  fragment AdminFields on Admin {
    id
    email
    firstName
    lastName
    role
    passwordChangeRequired
  }
`);

export const ADMIN_ME = graphql(
  `
  query AdminMe {
    adminMe {
      ...AdminFields
    }
  }
`,
  [ADMIN_FIELDS],
);

const SIGN_IN = graphql(
  `
  mutation AdminSignIn($input: AdminSignInInput!) {
    adminSignIn(input: $input) {
      token
      admin {
        ...AdminFields
      }
    }
  }
`,
  [ADMIN_FIELDS],
);

const SIGN_UP = graphql(
  `
  mutation AdminSignUp($input: AdminSignUpInput!) {
    adminSignUp(input: $input) {
      token
      admin {
        ...AdminFields
      }
    }
  }
`,
  [ADMIN_FIELDS],
);

const SIGN_OUT = graphql(`
  mutation AdminSignOut {
    adminSignOut
  }
`);

export type AuthOutcome = { ok: true; admin: AdminInfo } | { ok: false; error: CombinedError | undefined };

export interface AdminSignUpVariables {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: string;
  signupCode?: string | undefined;
}

export function useAdminAuth() {
  const client = useClient();

  const signIn = useCallback(
    async (input: { email: string; password: string }): Promise<AuthOutcome> => {
      const result = await client.mutation(SIGN_IN, { input }, { requestPolicy: "network-only" }).toPromise();
      const payload = result.data?.adminSignIn;
      if (!payload?.token) return { ok: false, error: result.error };
      storeAdminSession(payload.token, payload.admin);
      return { ok: true, admin: payload.admin };
    },
    [client],
  );

  const signUp = useCallback(
    async (input: AdminSignUpVariables): Promise<AuthOutcome> => {
      const result = await client.mutation(SIGN_UP, { input }, { requestPolicy: "network-only" }).toPromise();
      const payload = result.data?.adminSignUp;
      if (!payload?.token) return { ok: false, error: result.error };
      storeAdminSession(payload.token, payload.admin);
      return { ok: true, admin: payload.admin };
    },
    [client],
  );

  /**
   * Ends the session on the server (its token stops working), then forgets it here whatever the
   * answer; `beforeClear` runs just before (e.g. leaving the protected screen first).
   */
  const signOut = useCallback(
    async (beforeClear?: () => void) => {
      try {
        await client.mutation(SIGN_OUT, {}, { requestPolicy: "network-only" }).toPromise();
      } finally {
        beforeClear?.();
        clearAdminSession();
      }
    },
    [client],
  );

  return { signIn, signUp, signOut };
}
