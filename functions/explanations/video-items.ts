import { parseVideoId, toVideoItem, VIDEO_MESSAGES, type VideoItem, type VideoRecord } from '#shared/explanations/explanations.ts';
import { countsOr, getVideoCounts } from './data/explanations.ts';
import { getVideo } from './data/videos.ts';
import { NotFound } from '../lib/errors.ts';

/** Items with their real counters (one BatchGet per 100 videos). */
export async function withCounts(records: readonly VideoRecord[]): Promise<VideoItem[]> {
  const counts = await getVideoCounts(records.flatMap((r) => parseVideoId(r.id) ?? []));
  return records.map((r) => toVideoItem(r, countsOr(counts, r.id)));
}

/** One video of the caller's library as it is now; another account's (or none) is not found. */
export async function videoItem(userId: string, videoId: string): Promise<VideoItem> {
  const record = await getVideo(userId, videoId);
  if (!record) throw new NotFound(VIDEO_MESSAGES.notFound);
  const [item] = await withCounts([record]);
  return item!;
}
