// A resolver's `info` as far as the selection walkers read it (../graphql/selection.ts): the
// operation's first field and the document's fragments, from a document's text.
import { type FieldNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from "graphql";

export function resolveInfoOf(document: string): { fieldNodes: FieldNode[]; fragments: Record<string, FragmentDefinitionNode> } {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    parsed.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments };
}
