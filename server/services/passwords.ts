// argon2id through Bun's built-in implementation.
export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });
export const verifyPassword = (password: string, hash: string) => Bun.password.verify(password, hash).catch(() => false);

// A real argon2id hash of a random password, made once when the module loads: signing in to an
// account that does not exist (or has no password) costs the same verification time as a wrong
// password, so timing does not reveal which accounts exist.
const dummyHash = hashPassword(crypto.randomUUID());

/** Whether `password` opens an account with this hash; false, after as long a check, when there is no hash. */
export async function verifyAccountPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (hash) return verifyPassword(password, hash);
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A readable random password for generated accounts (about 80 bits). */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10)}`;
}
