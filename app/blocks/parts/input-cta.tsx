import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { inputCtaHref } from "../../../domain/blocks";
import { isExternal } from "./links";

/**
 * The query parameter a link ends with ("/browse/?query=" -> "query"), so the form still works
 * without JavaScript (a GET form to the path with that one field).
 */
function trailingParam(link: string): { action: string; name: string } | null {
  const m = /^([^?#]*)\?(?:[^#]*&)?([A-Za-z0-9_.-]+)=$/.exec(link);
  return m?.[1] && m[2] ? { action: m[1], name: m[2] } : null;
}

/**
 * An input-type call to action (spec 001 section 2): a text box and a button; submitting goes to
 * the configured link with the typed text URL-encoded and appended.
 */
export function InputCta({
  link,
  buttonText,
  placeholder,
  label,
}: {
  link: string;
  buttonText: string;
  placeholder?: string | null;
  /** The text box's accessible name. */
  label: string;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const id = useId();
  const plain = trailingParam(link);
  return (
    <form
      aria-label={label}
      action={plain?.action ?? link}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const href = inputCtaHref(link, text);
        if (isExternal(href)) window.location.assign(href);
        else navigate(href);
      }}
      className="mt-4 flex max-w-md flex-col gap-2 sm:flex-row"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={plain?.name}
        type="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? undefined}
        className="min-h-11 min-w-0 flex-1 rounded-full border border-black/15 bg-white px-4 text-base"
      />
      <button
        type="submit"
        className="min-h-11 rounded-full bg-ink px-5 font-bold text-white hover:bg-ink/90"
      >
        {buttonText}
      </button>
    </form>
  );
}
