/**
 * "Continue with Google" on the sign-up and sign-in screens (SPEC 2, 7, 8).
 *
 * Reads publicConfig.googleClientId. Without one, the button answers with the spec's start
 * failure toast. With one, Google's script is loaded when the screen mounts and Google's own
 * button is rendered in place of ours (clicking ours before that finishes prompts once loaded).
 * The credential goes to signInWithGoogle: new customers continue to profile completion, others
 * to `next` (where a protected screen sent them from, or /home).
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { initialiseGoogle, loadGoogleIdentity, type GoogleAccountsId, type GoogleCredentialResponse } from "../lib/google.ts";
import { useAuth } from "../session/auth.tsx";
import { serverMessage } from "../session/errors.ts";
import { notifyError } from "../session/toast.tsx";
import { graphql } from "../../lib/graphql.ts";

const PUBLIC_CONFIG = graphql(`
  query PublicConfig {
    publicConfig {
      googleClientId
    }
  }
`);

const START_FAILED = ["Sign-in failed", "Unable to connect to Google. Please try again."] as const;

function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44Z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z" />
    </svg>
  );
}

/**
 * `onStart` / `onFailed` let the screen know a Google sign-in is under way, so its own
 * "already signed in? go home" redirect does not race this button's own navigation.
 */
export function GoogleButton({ next = "/home", onStart, onFailed }: { next?: string; onStart?: () => void; onFailed?: () => void } = {}) {
  const navigate = useNavigate();
  const { signInWithGoogle } = useAuth();
  const [config] = useQuery({ query: PUBLIC_CONFIG });
  const clientId = config.data?.publicConfig.googleClientId ?? null;
  const [google, setGoogle] = useState<GoogleAccountsId | null>(null);
  const [rendered, setRendered] = useState(false);
  const [busy, setBusy] = useState(false);
  const slot = useRef<HTMLDivElement>(null);

  const onCredential = useRef<(response: GoogleCredentialResponse) => void>(() => {});
  onCredential.current = async (response) => {
    setBusy(true);
    onStart?.();
    const outcome = await signInWithGoogle(response.credential);
    setBusy(false);
    if (!outcome.ok) {
      onFailed?.();
      notifyError("Authentication failed", serverMessage(outcome.error) ?? "Something went wrong. Please try again.");
      return;
    }
    navigate(outcome.isNewUser ? "/profile-completion" : next, { replace: true });
  };

  // With a client id: load Google's script as this screen mounts and draw Google's button.
  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogleIdentity().then(
      (id) => {
        if (!live) return;
        initialiseGoogle(id, clientId, (response) => onCredential.current(response));
        setGoogle(id);
        const parent = slot.current;
        if (parent) {
          id.renderButton(parent, {
            type: "standard",
            theme: "outline",
            size: "large",
            text: "continue_with",
            shape: "rectangular",
            logo_alignment: "center",
            width: Math.min(400, Math.max(200, Math.round((parent.parentElement ?? parent).getBoundingClientRect().width))),
          });
          setRendered(parent.childElementCount > 0);
        }
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  async function start() {
    if (!clientId) {
      notifyError(...START_FAILED);
      return;
    }
    setBusy(true);
    try {
      const id = google ?? (await loadGoogleIdentity());
      initialiseGoogle(id, clientId, (response) => onCredential.current(response));
      id.prompt((notification) => {
        if (notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) notifyError(...START_FAILED);
      });
    } catch {
      notifyError(...START_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={css({ position: "relative", width: "full" })}>
      <div
        ref={slot}
        data-google-button=""
        className={css({ width: "full", display: "flex", justifyContent: "center", colorScheme: "light", "&:empty": { display: "none" } })}
      />
      {rendered ? null : (
        <Button variant="outline" size="lg" fullWidth onClick={start} disabled={busy || config.fetching} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : <GoogleMark />}
          Continue with Google
        </Button>
      )}
      {rendered && busy ? (
        <p role="status" className={css({ textStyle: "small", color: "fg.muted", textAlign: "center", mt: "2" })}>
          Signing you in with Google…
        </p>
      ) : null}
    </div>
  );
}
