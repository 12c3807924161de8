/**
 * Uploaded images are served from /objects/... ; private ones (driver's licence, ID) only to
 * their owner and to admins, with the bearer token, which an <img src> cannot send. So images
 * are fetched with the Authorization header and shown from a blob: URL (allowed by the CSP's
 * img-src). Each area makes its own loader with its own token; a loader forgets everything
 * (and frees the blob URLs) whenever its token changes, so the next session never sees the
 * previous one's pictures.
 */
import { useEffect, useState } from "react";

export interface ObjectImageState {
  url: string | null;
  failed: boolean;
}

export function createObjectImageLoader(getToken: () => string | null, subscribeToken: (listener: () => void) => () => void) {
  const cache = new Map<string, Promise<string>>();

  subscribeToken(() => {
    for (const url of cache.values())
      void url.then(
        (u) => URL.revokeObjectURL(u),
        () => {},
      );
    cache.clear();
  });

  function load(path: string): Promise<string> {
    let entry = cache.get(path);
    if (!entry) {
      const token = getToken();
      entry = fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).then(async (response) => {
        if (!response.ok) throw new Error(`Image ${response.status}`);
        return URL.createObjectURL(await response.blob());
      });
      entry.catch(() => cache.delete(path));
      cache.set(path, entry);
    }
    return entry;
  }

  /** A displayable URL for an uploaded image path (null while loading, when missing or on error). */
  function useObjectImage(path: string | null | undefined): ObjectImageState {
    const [state, setState] = useState<{ path: string | null; url: string | null; failed: boolean }>({ path: null, url: null, failed: false });
    useEffect(() => {
      if (!path) return;
      let live = true;
      load(path).then(
        (url) => live && setState({ path, url, failed: false }),
        () => live && setState({ path, url: null, failed: true }),
      );
      return () => {
        live = false;
      };
    }, [path]);
    if (!path || state.path !== path) return { url: null, failed: false };
    return { url: state.url, failed: state.failed };
  }

  return { load, useObjectImage };
}
