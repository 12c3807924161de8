/**
 * Google Identity Services, loaded on demand (SPEC 7: "Google sign-in script is loaded on demand
 * from the Google service"): the script tag is added only when a screen with a Google button is
 * shown and a client id is configured, never on the landing page.
 */
export const GOOGLE_SCRIPT_SRC = "https://accounts.google.com/gsi/client";
const LOAD_TIMEOUT_MS = 10_000;

export interface GoogleCredentialResponse {
  credential: string;
}

export interface GooglePromptNotification {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
}

export interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: "popup" | "redirect";
    use_fedcm_for_prompt?: boolean;
    context?: "signin" | "signup" | "use";
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: "standard" | "icon";
      theme?: "outline" | "filled_blue" | "filled_black";
      size?: "large" | "medium" | "small";
      text?: "signin_with" | "signup_with" | "continue_with" | "signin";
      shape?: "rectangular" | "pill";
      width?: number;
      logo_alignment?: "left" | "center";
    },
  ): void;
  prompt(listener?: (notification: GooglePromptNotification) => void): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GOOGLE_SCRIPT_SRC;
    script.async = true;
    const fail = (message: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null; // a later click may try again
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail("Google sign-in took too long to load"), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else fail("Google sign-in did not start");
    };
    script.onerror = () => fail("Google sign-in could not be loaded");
    document.head.appendChild(script);
  });
  return loading;
}

let initialisedFor: string | null = null;
let currentCallback: (response: GoogleCredentialResponse) => void = () => {};

/** Initialises Google Identity Services once per client id; the latest callback wins. */
export function initialiseGoogle(id: GoogleAccountsId, clientId: string, callback: (response: GoogleCredentialResponse) => void): void {
  currentCallback = callback;
  if (initialisedFor === clientId) return;
  id.initialize({ client_id: clientId, callback: (response) => currentCallback(response), ux_mode: "popup", context: "signin" });
  initialisedFor = clientId;
}
