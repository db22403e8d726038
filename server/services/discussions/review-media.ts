import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { media as mediaTable } from "../../db/schema/catalog";
import type { MediaProvider } from "../../providers/media";
import type { SessionUser } from "../accounts/sessions";
import { publicDeal } from "../storefront/deal-columns";
import { readableDeal } from "../storefront/publication";
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
  /**
   * A stored file's type and size, or null: also for a review video (or poster) of a deal the
   * reader may not read (the publication rule), the same answer as an unknown key. `hidden`:
   * the file belongs to a deal the public cannot see (so its answer must not be kept).
   */
  async function mediaHead(key: string, reader: SessionUser | null = null) {
    const underDeal = (condition: SQL) => sql`exists (select 1 from comments pub_c
      join deals on deals.id = pub_c.deal_id
      where (pub_c.video_media_id = media.id
        or pub_c.video_thumbnail_media_id = media.id) and ${condition})`;
    const [row] = await db
      .select({
        contentType: mediaTable.contentType,
        size: mediaTable.size,
        hidden: underDeal(sql`not ${publicDeal}`).mapWith(Boolean),
      })
      .from(mediaTable)
      .where(and(eq(mediaTable.key, key), sql`not ${underDeal(sql`not ${readableDeal(reader)}`)}`))
      .limit(1);
    return row ?? null;
  }

  /** A stored file's bytes (or an inclusive range of them) with its recorded type. */
  async function mediaFile(
    key: string,
    range?: { start: number; end: number },
    reader: SessionUser | null = null,
  ) {
    const head = await mediaHead(key, reader);
    if (!head) return null;
    const file = await media.get(key, range);
    return file ? { ...file, contentType: head.contentType } : null;
  }

  return { insertVideo, deleteMediaRows, deleteFiles, discardVideo, mediaHead, mediaFile };
}

export type ReviewMedia = ReturnType<typeof createReviewMedia>;
