import { createContext, type RouterContext } from "react-router";
import type { AppLoadContext } from "../server/web/load-context";

// The server bundle and the React Router build each hold their own copy of this module, so the
// context key lives on globalThis: both copies must hand React Router the same key object.
const KEY = Symbol.for("payonce.appContext");
const registry = globalThis as unknown as Record<symbol, RouterContext<AppLoadContext> | undefined>;

registry[KEY] ??= createContext<AppLoadContext>();

export const appContext = registry[KEY] as RouterContext<AppLoadContext>;

export type { AppLoadContext };
