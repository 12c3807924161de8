// Which fields a resolver's selection asks for, through inline fragments and fragment spreads: the
// lists that read only the columns their fields use (adminBookings, myBookings; issue 16) walk it.
import { type FieldNode, type FragmentDefinitionNode, Kind, type SelectionSetNode } from "graphql";

/** Calls `each` with every field of `set`, those of its fragments included (a fragment spread twice is visited once). */
export function forEachSelectedField(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  each: (field: FieldNode) => void,
  seen: Set<string> = new Set(),
): void {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) each(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) forEachSelectedField(selection.selectionSet, fragments, each, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      forEachSelectedField(fragments[selection.name.value]?.selectionSet, fragments, each, seen);
    }
  }
}
