import type { z } from "zod";
import { invalid } from "../../../domain/errors";
import { fieldErrors } from "../../../domain/schemas/common";
import {
  QuestionCreateSchema,
  ReplySchema,
  ReviewCreateSchema,
} from "../../../domain/schemas/discussions";
import type { CommentKind } from "../../db/schema/discussions";
import type { MediaProvider } from "../../providers/media";
import type { SessionUser } from "../accounts/sessions";
import { type PostingBody, type ReadBody, readPostingBody } from "./media-upload";
import type { createPosting } from "./posting";
import type { ReviewMedia } from "./review-media";
import type { DiscussionItem, DiscussionNode } from "./types";

// Posting a review or question, and editing one, as one use case for both doors (the JSON API
// and the page forms): the gates first, then the body (streamed, capped), then the domain
// schema, then the write. A refused poster's video is never stored, whichever door they used.

/** Lets a door see the fields once read (a page refills its form with them on a refusal). */
export type SubmitOptions = { onFields?: (fields: Record<string, unknown>) => void };

/** The fields read with a domain schema; a 400 field map otherwise. */
export function parseFields<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

const createSchemaOf = (kind: CommentKind) =>
  kind === "review" ? ReviewCreateSchema : QuestionCreateSchema;

export function createSubmissions(deps: {
  media: MediaProvider;
  posting: ReturnType<typeof createPosting>;
  reviewMedia: ReviewMedia;
}) {
  const { media, posting, reviewMedia } = deps;

  /** Reads the body, then runs `use` with it; the video goes if anything after the read fails. */
  async function withBody<T>(
    body: PostingBody,
    allowVideo: boolean,
    options: SubmitOptions,
    use: (read: ReadBody) => Promise<T>,
  ): Promise<T> {
    const read = await readPostingBody(media, body, allowVideo);
    try {
      options.onFields?.(read.fields);
      return await use(read);
    } catch (err) {
      await reviewMedia.discardVideo(read.video);
      throw err;
    }
  }

  /** A new review (with an optional video) or question. */
  async function submitCreate(
    kind: CommentKind,
    dealKey: string,
    user: SessionUser | null,
    body: PostingBody,
    options: SubmitOptions = {},
  ): Promise<DiscussionItem> {
    await posting.checkCreate(kind, dealKey, user);
    return withBody(body, kind === "review", options, async ({ fields, video }) => {
      const parsed = parseFields(createSchemaOf(kind), {
        ...fields,
        video_file: video ? { size: video.videoSize } : undefined,
      });
      return posting.create(kind, dealKey, user, {
        title: parsed.title,
        comment: parsed.comment,
        rating: (parsed as { rating?: number }).rating,
        video,
      });
    });
  }

  /** An owner's edit of a review, a question or a reply (same fields as the create). */
  async function submitEdit(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
    body: PostingBody,
    options: SubmitOptions = {},
  ): Promise<DiscussionNode> {
    const target = await posting.editTarget(kind, dealKey, itemKey, user);
    const allowVideo = kind === "review" && !target.isReply;
    return withBody(body, allowVideo, options, async ({ fields, video }) => {
      if (target.isReply) {
        const { comment } = parseFields(ReplySchema, fields);
        return posting.edit(kind, dealKey, itemKey, user, { title: "", comment });
      }
      const parsed = parseFields(createSchemaOf(kind), {
        ...fields,
        // A review keeping its stored video needs no comment.
        video_file: video ? { size: video.videoSize } : target.hasVideo ? "stored" : undefined,
      });
      return posting.edit(kind, dealKey, itemKey, user, {
        title: parsed.title,
        comment: parsed.comment,
        rating: (parsed as { rating?: number }).rating,
        video,
      });
    });
  }

  return { submitCreate, submitEdit };
}
