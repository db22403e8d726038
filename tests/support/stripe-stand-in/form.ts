// Stripe's form encoding, read back: `metadata[user_id]=3&expand[0]=latest_charge` becomes
// { metadata: { user_id: "3" }, expand: ["latest_charge"] }. `qs` is not installed, so this is the
// small part of it that the SDK (and the stand-in Stripe.js) produce: bracket-nested keys, indexed
// arrays (`a[0]`), and the `a[]` form. Values stay strings; handlers convert what they read.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = { [key: string]: FormValue };

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
};

/** `a[b][0]` → ["a", "b", "0"]; `a[]` → ["a", ""]. */
function keyPath(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  for (const m of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(m[1] ?? "");
  return path;
}

type Node = { [key: string]: Node | string };

/** Objects whose keys are exactly 0..n-1 (or were pushed with `[]`) become arrays. */
function arrayify(node: Node | string): FormValue {
  if (typeof node === "string") return node;
  const keys = Object.keys(node);
  const values = keys.map((k) => arrayify(node[k]!));
  const indexed = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  if (indexed) {
    return keys
      .map((k, i) => [Number(k), values[i]!] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, v]) => v);
  }
  const out: { [key: string]: FormValue } = {};
  keys.forEach((k, i) => {
    out[k] = values[i]!;
  });
  return out;
}

export function parseForm(text: string): Params {
  const root: Node = {};
  const pushed = new WeakMap<Node, number>();
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
    const path = keyPath(rawKey);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let part = path[i]!;
      if (part === "" && i > 0) {
        const next = pushed.get(node) ?? 0;
        pushed.set(node, next + 1);
        part = String(next);
      }
      if (part === "__proto__" || part === "constructor" || part === "prototype") break;
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        const child = node[part];
        if (typeof child !== "object") node[part] = {};
        node = node[part] as Node;
      }
    }
  }
  return arrayify(root) as Params;
}

/** Sorted-key JSON, for comparing the parameters of two requests. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
