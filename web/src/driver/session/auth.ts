/** Driver sign-in and sign-out: the calls, and the local session they set. */
import { useCallback } from "react";
import { useClient, type CombinedError } from "urql";
import { graphql } from "../../lib/graphql.ts";
import { clearDriverSession, storeDriverSession, type DriverInfo } from "./store.ts";

const SIGN_IN = graphql(`
  mutation DriverSignIn($input: DriverSignInInput!) {
    driverSignIn(input: $input) {
      token
      driver {
        id
        name
        passwordChangeRequired
      }
    }
  }
`);

/** Whether the password is still the one the office set: asked on every load of the app (its guard). */
export const PASSWORD_STATE = graphql(`
  query DriverPasswordState {
    driverMe {
      id
      passwordChangeRequired
    }
  }
`);

const SIGN_OUT = graphql(`
  mutation DriverSignOut {
    driverSignOut
  }
`);

export type SignInOutcome = { ok: true; driver: DriverInfo } | { ok: false; error: CombinedError | undefined };

export function useDriverAuth() {
  const client = useClient();
  const signIn = useCallback(
    async (input: { email: string; password: string }): Promise<SignInOutcome> => {
      const result = await client.mutation(SIGN_IN, { input }, { requestPolicy: "network-only" }).toPromise();
      const payload = result.data?.driverSignIn;
      if (!payload?.token) return { ok: false, error: result.error };
      storeDriverSession(payload.token, payload.driver);
      return { ok: true, driver: payload.driver };
    },
    [client],
  );
  const signOut = useCallback(async () => {
    try {
      await client.mutation(SIGN_OUT, {}, { requestPolicy: "network-only" }).toPromise();
    } finally {
      clearDriverSession();
    }
  }, [client]);
  return { signIn, signOut };
}
