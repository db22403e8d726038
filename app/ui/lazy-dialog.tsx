import { lazy } from "react";

type DialogModule = typeof import("@radix-ui/react-dialog");

const load = () => import("@radix-ui/react-dialog");
const part = <
  K extends "Root" | "Portal" | "Overlay" | "Content" | "Title" | "Description" | "Close",
>(
  name: K,
) => lazy(() => load().then((m: DialogModule) => ({ default: m[name] })));

/**
 * Radix's dialog parts, loaded the first time a dialog opens: the dialog library is not part of
 * the first page load. Render `Dialog.Root` only while open, inside a `<Suspense>` (the parts
 * come from one import, so the dialog appears in one step once it has loaded).
 */
export const Dialog = {
  Root: part("Root"),
  Portal: part("Portal"),
  Overlay: part("Overlay"),
  Content: part("Content"),
  Title: part("Title"),
  Description: part("Description"),
  Close: part("Close"),
};
