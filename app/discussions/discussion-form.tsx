/**
 * The write-a-review and ask-a-question forms, new and edit (spec 000 sections 2, 5 and 8). The
 * form posts to its own page (works without JavaScript); with JavaScript it checks the domain
 * schema first, and a review with a video goes to the API through XMLHttpRequest so the upload
 * shows its progress.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import {
  QUESTION_COMMENT_MAX,
  QUESTION_TITLE_MAX,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_VIDEO_MAX_BYTES,
} from "../../domain/constants";
import { FIELD_ERROR_DEFAULT, FORM_ERROR, VIDEO_TOO_LARGE } from "../../domain/messages";
import { fieldErrors as toFieldErrors } from "../../domain/schemas/common";
import { QuestionCreateSchema, ReviewCreateSchema } from "../../domain/schemas/discussions";
import { readCookie } from "../ui/cookies";
import { cx } from "../ui/format";
import { primaryButton } from "./controls";
import { formatDate } from "./labels";
import type { FormActionData, FormValues } from "./types";
import { type DiscussionKind, listPath } from "./types";

type Errors = Record<string, string[]>;
const NO_ERRORS: Errors = {};

const inputClass =
  "w-full rounded-2xl border border-black/15 bg-white px-3 py-2.5 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40 aria-[invalid=true]:border-red-600";

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages[0]}
    </p>
  );
}

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={cx("text-xs", value.length > max ? "text-red-700" : "text-ink-soft")}>
      {value.length}/{max}
    </span>
  );
}

/** The taco rating picker: a radio group, so it works with a keyboard and without JavaScript. */
function RatingField({
  value,
  onChange,
  errors,
}: {
  value: number | null;
  onChange: (n: number) => void;
  errors?: string[] | undefined;
}) {
  const labels = ["Poor", "Fair", "Good", "Great", "Excellent"];
  return (
    <fieldset aria-describedby={errors?.length ? "rating-error" : undefined}>
      <legend className="font-semibold">Your rating</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => i + RATING_MIN).map((n) => (
          <label
            key={n}
            className={cx(
              "flex cursor-pointer items-center gap-1 rounded-full border px-2.5 py-1.5 text-sm font-semibold has-[:focus-visible]:ring-2 sm:gap-1.5 sm:px-3 has-[:focus-visible]:ring-brand-400",
              value != null && n <= value
                ? "border-brand-500 bg-brand-100"
                : "border-black/10 bg-white hover:bg-stone-50",
            )}
          >
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <svg viewBox="0 0 24 16" className="h-3.5 w-5" aria-hidden="true">
              <path
                d="M2 14 A10 10 0 0 1 22 14 Z"
                fill={value != null && n <= value ? "var(--color-brand-500)" : "#e5e1d8"}
              />
            </svg>
            {n} <span className="sr-only">{n === 1 ? "taco" : "tacos"},</span>
            <span className="hidden text-ink-soft sm:inline">{labels[n - 1]}</span>
          </label>
        ))}
      </div>
      <FieldError id="rating-error" messages={errors} />
    </fieldset>
  );
}

type Suggestion = {
  id: number;
  title: string;
  display_path: string;
  reply_count: number;
  created: string;
};

/** Existing questions like the title being typed (any stemmed word; GET .../questions/similar/). */
function useQuestionSuggestions(dealId: number, text: string, enabled: boolean): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);
  useEffect(() => {
    const query = text.trim();
    if (!enabled || query.length < 4) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const params = new URLSearchParams({ query });
        const res = await fetch(`/api/v2/deals/${dealId}/questions/similar/?${params}`, {
          signal: controller.signal,
        });
        if (!res.ok) return;
        const body = (await res.json()) as { comments?: Suggestion[] };
        setItems(body.comments ?? []);
      } catch {
        // Suggestions are a help, never an obstacle.
      }
    }, 300);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [dealId, text, enabled]);
  return items;
}

/** Multipart POST (create) or PUT (edit) to the API with upload progress; resolves the status. */
function uploadWithProgress(
  url: string,
  method: "POST" | "PUT",
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("X-CSRFToken", readCookie(document.cookie, "csrftoken"));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(body);
  });
}

function apiErrors(body: unknown): Errors {
  const out: Errors = {};
  if (!body || typeof body !== "object") return out;
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) out[key] = value.length ? value.map(String) : [FIELD_ERROR_DEFAULT];
    else if (typeof value === "string") out[key] = [value];
  }
  return out;
}

export function DiscussionForm({
  kind,
  dealId,
  dealSlug,
  initial,
  actionData,
  edit,
  hasVideo,
}: {
  kind: DiscussionKind;
  dealId: number;
  dealSlug: string;
  initial: FormValues;
  actionData: FormActionData | undefined;
  /** The item being edited, or null for a new one. */
  edit: { id: number; displayPath: string } | null;
  hasVideo: boolean;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const ids = useId();
  const values = actionData?.values ?? initial;
  const [title, setTitle] = useState(values.title);
  const [comment, setComment] = useState(values.comment);
  const [rating, setRating] = useState<number | null>(values.rating);
  const [clientErrors, setClientErrors] = useState<{ fields: Errors; form: string | null } | null>(
    null,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const suggestions = useQuestionSuggestions(dealId, title, kind === "question" && !edit);

  const answered = clientErrors?.fields ?? actionData?.fieldErrors ?? NO_ERRORS;
  // A field edited since the last answer drops its error (issue 15: an error does not stay on a
  // field once it is being fixed); the next answer shows what it finds.
  const [edited, setEdited] = useState<{ of: Errors; names: string[] }>({
    of: NO_ERRORS,
    names: [],
  });
  const errors: Errors =
    edited.of === answered
      ? Object.fromEntries(Object.entries(answered).filter(([n]) => !edited.names.includes(n)))
      : answered;
  const markEdited = (name: string) => {
    if (!answered[name]) return;
    setEdited((e) => ({ of: answered, names: e.of === answered ? [...e.names, name] : [name] }));
  };
  const formError = clientErrors ? clientErrors.form : (actionData?.formError ?? null);
  const submitting = navigation.state === "submitting" || progress !== null;
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  const titleMax = kind === "review" ? REVIEW_TITLE_MAX : QUESTION_TITLE_MAX;
  const commentMax = kind === "review" ? REVIEW_COMMENT_MAX : QUESTION_COMMENT_MAX;
  const describedBy = (name: string) => (errors[name]?.length ? `${ids}-${name}-error` : undefined);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const file = fileRef.current?.files?.[0] ?? null;
    const schema = kind === "review" ? ReviewCreateSchema : QuestionCreateSchema;
    const parsed = schema.safeParse({
      title: form.get("title") ?? "",
      comment: form.get("comment") ?? "",
      ...(kind === "review"
        ? {
            rating: form.get("rating") ?? "",
            video_file: file ?? (hasVideo ? "stored" : undefined),
          }
        : {}),
    });
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors({ fields: toFieldErrors(parsed.error), form: FORM_ERROR });
      return;
    }
    setClientErrors(null);
    if (!file || kind !== "review") return; // the route's action takes it from here
    // A video: to the API, with a progress bar.
    event.preventDefault();
    if (file.size > REVIEW_VIDEO_MAX_BYTES) {
      setClientErrors({ fields: { video_file: [VIDEO_TOO_LARGE] }, form: FORM_ERROR });
      return;
    }
    const body = new FormData();
    body.set("title", parsed.data.title);
    body.set("comment", parsed.data.comment);
    body.set("rating", String(form.get("rating") ?? ""));
    body.set("video_file", file);
    setProgress(0);
    const url = edit
      ? `/api/v2/deals/${dealId}/reviews/${edit.id}/edit/`
      : `/api/v2/deals/${dealId}/reviews/`;
    const res = await uploadWithProgress(url, edit ? "PUT" : "POST", body, setProgress);
    setProgress(null);
    if (res.status >= 200 && res.status < 300) {
      const path = (res.body as { display_path?: string } | null)?.display_path;
      navigate(
        edit
          ? `${path ?? edit.displayPath}?submitted=edit`
          : `${listPath(dealSlug, "review")}?submitted=review`,
      );
      return;
    }
    const fields = apiErrors(res.body);
    const { non_field_errors: nonField, detail, ...rest } = fields;
    setClientErrors({
      fields: rest,
      form: Object.keys(rest).length ? FORM_ERROR : (nonField?.[0] ?? detail?.[0] ?? FORM_ERROR),
    });
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="space-y-5 rounded-3xl border border-black/5 bg-white p-4 shadow-card sm:p-6"
      aria-describedby={formError ? `${ids}-form-error` : undefined}
    >
      {formError ? (
        <p
          id={`${ids}-form-error`}
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-2xl bg-red-50 px-4 py-3 font-semibold text-red-800 ring-1 ring-red-200"
        >
          {formError}
        </p>
      ) : null}

      {kind === "review" ? (
        <RatingField
          value={rating}
          onChange={(n) => {
            setRating(n);
            markEdited("rating");
          }}
          errors={errors.rating}
        />
      ) : null}

      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${ids}-title`} className="font-semibold">
            {kind === "review" ? "Title" : "Your question"}
          </label>
          <Counter value={title} max={titleMax} />
        </div>
        <input
          id={`${ids}-title`}
          name="title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            markEdited("title");
          }}
          maxLength={titleMax}
          required
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy("title")}
          className={cx(inputClass, "mt-1")}
          placeholder={
            kind === "review" ? "Sum up your experience" : "What would you like to know?"
          }
        />
        <FieldError id={`${ids}-title-error`} messages={errors.title} />
      </div>

      {suggestions.length > 0 ? (
        <section
          aria-label="Similar questions"
          className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200"
        >
          <h2 className="text-sm font-bold">Already asked? These questions look similar:</h2>
          <ul className="mt-2 space-y-1.5">
            {suggestions.map((s) => (
              <li key={s.id} className="text-sm">
                <Link to={s.display_path} className="font-semibold text-brand-700 hover:underline">
                  {s.title}
                </Link>{" "}
                <span className="text-ink-soft">
                  · {s.reply_count} {s.reply_count === 1 ? "answer" : "answers"} ·{" "}
                  {formatDate(s.created)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${ids}-comment`} className="font-semibold">
            {kind === "review" ? "Your review" : "Details (optional)"}
          </label>
          <Counter value={comment} max={commentMax} />
        </div>
        <textarea
          id={`${ids}-comment`}
          name="comment"
          rows={kind === "review" ? 8 : 5}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            markEdited("comment");
          }}
          maxLength={commentMax}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy("comment")}
          className={cx(inputClass, "mt-1")}
        />
        <FieldError id={`${ids}-comment-error`} messages={errors.comment} />
      </div>

      {kind === "review" ? (
        <div>
          <label htmlFor={`${ids}-video`} className="font-semibold">
            Video {hasVideo ? "(replaces the current one)" : "(optional)"}
          </label>
          <p className="text-sm text-ink-soft">A short video review, up to 50 MB.</p>
          <input
            ref={fileRef}
            id={`${ids}-video`}
            type="file"
            name="video_file"
            accept="video/*"
            onChange={() => markEdited("video_file")}
            aria-invalid={errors.video_file ? true : undefined}
            aria-describedby={describedBy("video_file")}
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:py-2 file:font-semibold hover:file:bg-stone-200"
          />
          <FieldError id={`${ids}-video_file-error`} messages={errors.video_file} />
          {progress !== null ? (
            <div className="mt-3">
              <progress
                value={Math.round(progress * 100)}
                max={100}
                aria-label="Upload progress"
                className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-stone-100 [&::-webkit-progress-value]:bg-brand-500"
              />
              <p className="mt-1 text-xs text-ink-soft" aria-live="polite">
                Uploading… {Math.round(progress * 100)}%
              </p>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={cx(primaryButton, "px-6 py-2.5 text-base")}
          disabled={submitting}
        >
          {submitting
            ? "Submitting…"
            : edit
              ? "Save changes"
              : kind === "review"
                ? "Submit review"
                : "Post question"}
        </button>
        <Link
          to={edit ? edit.displayPath : listPath(dealSlug, kind)}
          className="text-sm font-semibold text-ink-soft hover:text-ink hover:underline"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}
