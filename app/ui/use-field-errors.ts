import { useState } from "react";

/**
 * A field's errors from the last answer, until the field is edited (issue 15: an error does not
 * stay on a field once it is being fixed). A new answer (a new errors array) shows again.
 * Returns the errors to show and the input's onInput handler.
 */
export function useFieldErrors(errors: string[] | undefined): [string[] | undefined, () => void] {
  const [editedAfter, setEditedAfter] = useState<string[] | undefined>(undefined);
  const shown = errors !== undefined && editedAfter === errors ? undefined : errors;
  return [shown, () => setEditedAfter(errors)];
}
