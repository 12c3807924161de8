import { useEffect, useRef, useState } from "react";

/** `value`, once it has stopped changing for `delay` ms (search boxes that query the server). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The last value that was not null: what a closing dialog keeps showing while it fades out,
 * after the screen has already let go of the item it was about.
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}

/** The search box's text: what is typed goes to the address once typing pauses; an address changed by Back or a link comes back into the box. */
export function useSearchText(search: string, setSearch: (value: string) => void) {
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed.trim());
  const inAddress = useRef(search);
  useEffect(() => {
    if (settled === inAddress.current) return;
    inAddress.current = settled;
    setSearch(settled);
  }, [settled, setSearch]);
  useEffect(() => {
    if (search === inAddress.current) return;
    inAddress.current = search;
    setTyped(search);
  }, [search]);
  return [typed, setTyped] as const;
}
