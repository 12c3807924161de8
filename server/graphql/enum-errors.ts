// A wrong enum value in the API's own words. graphql-js answers 'Value "foo" does not exist in
// "VehicleStatus" enum.' (or 'Enum "VehicleStatus" cannot represent non-string value: 5.'), naming
// the schema's type, where every other refused input says what the field takes ("Please select a
// category"). Here the same mistake reads 'Status must be one of: available, rented, maintenance,
// out_of_service', with the field in `fieldErrors` as REST and the services give it, and the code
// BAD_USER_INPUT, whether the value came in a variable (coercion) or in the document (validation).
// The values are listed as they are sent: a client has to send `out_of_service`, not "out of service".
import { type ASTNode, BREAK, type DocumentNode, GraphQLError, type GraphQLSchema, isEnumType, Kind, parse, visit } from "graphql";

/** graphql-js' two wordings of a value its enum does not take, with the enum's name. */
const NOT_IN_ENUM = [/^Value ".*" does not exist in "(\w+)" enum\./s, /^Enum "(\w+)" cannot represent non-(?:string|enum) value: /s];
/** A variable's coercion error: the variable, where in its value, and graphql-js' message. */
const VARIABLE_ERROR = /^Variable "\$(\w+)" has invalid value((?: at )(?:\.\w+|\[\d+\])+)?: (.*)$/s;

function enumNameIn(message: string): string | null {
  for (const pattern of NOT_IN_ENUM) {
    const match = pattern.exec(message);
    if (match) return match[1]!;
  }
  return null;
}

/** "pickupDate" -> "Pickup date"; "idType" -> "ID type". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\bid\b/g, "ID");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function refusal(error: GraphQLError, schema: GraphQLSchema, enumName: string, field: string | null): GraphQLError | null {
  const type = schema.getType(enumName);
  if (!isEnumType(type)) return null;
  const values = type.getValues().map((v) => v.name);
  const message = `${field ? fieldLabel(field) : "The value"} must be one of: ${values.join(", ")}`;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: "BAD_USER_INPUT", ...(field ? { fieldErrors: { [field]: message } } : {}) },
  });
}

/** The nearest argument or input field among a node's ancestors, its parent last (what the value is given to). */
function nearestField(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string | null {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const ancestor = ancestors[i]!;
    if (!Array.isArray(ancestor) && "kind" in ancestor && (ancestor.kind === Kind.ARGUMENT || ancestor.kind === Kind.OBJECT_FIELD)) return ancestor.name.value;
  }
  return null;
}

/** The argument or input field a value in the document is given to. */
function fieldOf(document: DocumentNode, target: ASTNode): string | null {
  let field: string | null = null;
  visit(document, {
    enter(node, _key, parent, _path, ancestors) {
      // The same node, or its twin in another parse of the same text (a cached validation).
      if (node !== target && !(node.kind === target.kind && node.loc !== undefined && node.loc.start === target.loc?.start)) return undefined;
      field = nearestField([...ancestors, ...(parent ? [parent] : [])]);
      return BREAK;
    },
  });
  return field;
}

/** The first argument or input field a variable is given to in the operation's text, or null. */
function fieldOfVariable(error: GraphQLError, variable: string): string | null {
  const body = error.source?.body;
  if (!body) return null;
  let document: DocumentNode;
  try {
    document = parse(body);
  } catch {
    return null;
  }
  let field: string | null = null;
  visit(document, {
    Variable(node, _key, parent, _path, ancestors) {
      if (node.name.value !== variable) return undefined;
      field = nearestField([...ancestors, ...(parent ? [parent] : [])]);
      return field === null ? undefined : BREAK;
    },
  });
  return field;
}

/** A document's wrong enum value (validation) in the API's words, or null for any other error. */
export function readableLiteralEnumError(error: GraphQLError, schema: GraphQLSchema, document: DocumentNode): GraphQLError | null {
  const enumName = enumNameIn(error.message);
  const node = error.nodes?.[0];
  if (!enumName || !node) return null;
  return refusal(error, schema, enumName, fieldOf(document, node));
}

/** A variable's wrong enum value (coercion) in the API's words, or null for any other error. */
export function readableVariableEnumError(error: GraphQLError, schema: GraphQLSchema): GraphQLError | null {
  const match = VARIABLE_ERROR.exec(error.message);
  if (!match) return null;
  const [, variable, at, inner] = match;
  const enumName = enumNameIn(inner!);
  if (!enumName) return null;
  // Inside an input object: the last field of the path (".input.category" -> category); the
  // variable itself: the argument it is given to.
  const fields = at ? [...at.matchAll(/\.(\w+)/g)].map((m) => m[1]!) : [];
  return refusal(error, schema, enumName, fields.at(-1) ?? fieldOfVariable(error, variable!));
}
