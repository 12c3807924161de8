/** Dealership sign-in and sign-out (SPEC 4, 7): the calls, and the local session they set. */
import { useCallback } from "react";
import { useClient, type CombinedError } from "urql";
import { clearDealershipSession, storeDealershipSession, type DealershipInfo } from "./store.ts";
import { graphql } from "../../lib/graphql.ts";

export const DEALERSHIP_FIELDS = graphql(`
  fragment DealershipFields on Dealership {
    id
    dealershipCode
    companyName
    contactPerson
    city
    passwordChangeRequired
  }
`);

const SIGN_IN = graphql(
  `
  mutation DealershipSignIn($input: DealershipSignInInput!) {
    dealershipSignIn(input: $input) {
      token
      dealership {
        ...DealershipFields
      }
    }
  }
`,
  [DEALERSHIP_FIELDS],
);

const SIGN_OUT = graphql(`
  mutation DealershipSignOut {
    dealershipSignOut
  }
`);

export type SignInOutcome = { ok: true; dealership: DealershipInfo } | { ok: false; error: CombinedError | undefined };

export function useDealershipAuth() {
  const client = useClient();

  const signIn = useCallback(
    async (input: { dealershipCode: string; password: string }): Promise<SignInOutcome> => {
      const result = await client.mutation(SIGN_IN, { input }, { requestPolicy: "network-only" }).toPromise();
      const payload = result.data?.dealershipSignIn;
      if (!payload?.token) return { ok: false, error: result.error };
      storeDealershipSession(payload.token, payload.dealership);
      return { ok: true, dealership: payload.dealership };
    },
    [client],
  );

  /** Ends the session on the server (its token stops working), then forgets it here whatever the answer. */
  const signOut = useCallback(async () => {
    try {
      await client.mutation(SIGN_OUT, {}, { requestPolicy: "network-only" }).toPromise();
    } finally {
      clearDealershipSession();
    }
  }, [client]);

  return { signIn, signOut };
}
