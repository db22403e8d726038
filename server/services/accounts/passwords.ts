import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt is memory-hard and ships with Node (no native addon to build against another Node).
// Parameters follow OWASP's scrypt guidance (N=2^15, r=8, p=1: 32 MiB per hash).
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** Hash format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

// A real hash to compare against when the account does not exist, so a login for an unknown
// e-mail takes as long as one with a wrong password (no account enumeration by timing).
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const hash = stored ?? (await (decoy ??= hashPassword(randomBytes(12).toString("hex"))));
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return stored != null && actual.length === expected.length && timingSafeEqual(actual, expected);
}
