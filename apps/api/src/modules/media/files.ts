import type { MediaFile } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema';
import { PUBLIC_PREFIX, publicUrl } from '../../platform/storage';

export type FileRow = typeof files.$inferSelect;

/** A file as clients see it; its URL only once it is finished and public. */
export function presentMediaFile(file: FileRow): MediaFile {
  const servable = file.status === 'finished' && file.storageKey.startsWith(PUBLIC_PREFIX);
  return {
    _id: file.id,
    status: file.status,
    error: file.error,
    url: servable ? publicUrl(file.storageKey) : null,
    thumbnailUrl: file.thumbnailKey ? publicUrl(file.thumbnailKey) : null,
    duration: file.duration,
    width: file.width,
    height: file.height,
  };
}

export async function findFile(db: Queryable, id: string | null | undefined): Promise<FileRow | undefined> {
  if (!id) return undefined;
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}
