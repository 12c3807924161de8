/**
 * Where keyboard focus goes when an item is removed from a list of cards (a deleted car): its
 * opener (the card's Delete button) is gone, and focus left to itself falls to <body>. The next
 * card's first action, else the previous card's, else a fallback (the list's Add button).
 */

/** The ids to try, best first: the one after `removedId` in `ids`, then the one before it. */
export function focusSuccessors(ids: readonly string[], removedId: string): string[] {
  const index = ids.indexOf(removedId);
  if (index < 0) return [];
  return [ids[index + 1], ids[index - 1]].filter((id): id is string => id !== undefined);
}

/**
 * The element to focus once `removedId` is gone: `find(id)` of the first successor found on the
 * page (still there: only the removed card goes), else `fallback()`.
 */
export function focusAfterRemoval(
  ids: readonly string[],
  removedId: string,
  find: (id: string) => HTMLElement | null,
  fallback: () => HTMLElement | null,
): HTMLElement | null {
  for (const id of focusSuccessors(ids, removedId)) {
    const element = find(id);
    if (element) return element;
  }
  return fallback();
}

/** A card's first action: the element marked `data-card-action` inside `[data-vehicle-id=id]`. */
export function cardAction(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-vehicle-id="${CSS.escape(id)}"] [data-card-action]`);
}
