// Rules every input obeys, whatever its schema (issue 17): text holds no control characters but
// tab, line feed and carriage return (a NUL in a name would be stored and break exports and
// emails), and numbers are finite (JSON's 1e400 parses as Infinity).

export const INPUT_MESSAGES = {
  controlCharacters: "Text may not contain control characters",
  notFinite: "Numbers must be finite",
  tooDeep: "The input is nested too deeply",
} as const;

// C0 controls other than \t \n \r, DEL, the C1 controls, and the bidirectional embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069): "Ann\u202Egnp.exe" shows in the back
// office and in emails as other text than was typed. Right-to-left names need none of them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * The first problem in an input value (walking objects and arrays, at most `maxDepth` deep) as
 * { path, message }, or null when every string and number is acceptable.
 */
export function inputProblem(value: unknown, maxDepth = 32): { path: string; message: string } | null {
  const walk = (v: unknown, path: string, depth: number): { path: string; message: string } | null => {
    if (typeof v === "string") return hasControlCharacters(v) ? { path, message: INPUT_MESSAGES.controlCharacters } : null;
    if (typeof v === "number") return Number.isFinite(v) ? null : { path, message: INPUT_MESSAGES.notFinite };
    if (typeof v !== "object" || v === null || v instanceof Date) return null;
    if (depth >= maxDepth) return { path, message: INPUT_MESSAGES.tooDeep };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const problem = walk(v[i], path ? `${path}.${i}` : String(i), depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    for (const [key, inner] of Object.entries(v)) {
      if (hasControlCharacters(key)) return { path: path || "input", message: INPUT_MESSAGES.controlCharacters };
      const problem = walk(inner, path ? `${path}.${key}` : key, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return walk(value, "", 0);
}
