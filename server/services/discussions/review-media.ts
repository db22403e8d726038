import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { media as mediaTable } from "../../db/schema/catalog";
import type { MediaProvider } from "../../providers/media";
import type { SessionUser } from "../accounts/sessions";
import type { StoredVideo } from "./video";
import type { Tx } from "./write-context";

// A review's video and poster: their media rows (written in the review's transaction) and their
// files (deleted after the commit), and the stored files as the /media route serves them.

export function createReviewMedia(deps: { db: Db; media: MediaProvider }) {
  const { db, media } = deps;

  async function insertVideo(tx: Tx, user: SessionUser, video: StoredVideo) {
    const [v] = await tx
      .insert(mediaTable)
      .values({
        key: video.videoKey,
        contentType: video.videoContentType,
        size: video.videoSize,
        uploadedByUserId: user.id,
      })
      .returning({ id: mediaTable.id });
    const [t] = await tx
      .insert(mediaTable)
      .values({
        key: video.thumbnailKey,
        contentType: "image/svg+xml",
        size: video.thumbnailSize,
        width: 640,
        height: 360,
        uploadedByUserId: user.id,
      })
      .returning({ id: mediaTable.id });
    return { videoMediaId: v?.id ?? null, videoThumbnailMediaId: t?.id ?? null };
  }

  /** Media rows of the given ids; returns their keys so the files go after the commit. */
  async function deleteMediaRows(tx: Tx, ids: (number | null)[]): Promise<string[]> {
    const list = ids.filter((id): id is number => id != null);
    if (!list.length) return [];
    const rows = await tx
      .delete(mediaTable)
      .where(
        sql`${mediaTable.id} in (${sql.join(
          list.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .returning({ key: mediaTable.key });
    return rows.map((r) => r.key);
  }

  async function deleteFiles(keys: string[]): Promise<void> {
    // A file left behind is only wasted space; the rows are already gone.
    await Promise.all(keys.map((key) => media.delete(key).catch(() => {})));
  }

  /** Removes an uploaded video that never became part of a review. */
  async function discardVideo(video: StoredVideo | null | undefined): Promise<void> {
    if (video) await deleteFiles([video.videoKey, video.thumbnailKey]);
  }

  /** A stored file's type and size as recorded at upload; null when unknown. */
  async function mediaHead(key: string) {
    const [row] = await db
      .select({ contentType: mediaTable.contentType, size: mediaTable.size })
      .from(mediaTable)
      .where(eq(mediaTable.key, key))
      .limit(1);
    return row ?? null;
  }

  /** A stored file's bytes (or an inclusive range of them) with its recorded type. */
  async function mediaFile(key: string, range?: { start: number; end: number }) {
    const head = await mediaHead(key);
    if (!head) return null;
    const file = await media.get(key, range);
    return file ? { ...file, contentType: head.contentType } : null;
  }

  return { insertVideo, deleteMediaRows, deleteFiles, discardVideo, mediaHead, mediaFile };
}

export type ReviewMedia = ReturnType<typeof createReviewMedia>;
