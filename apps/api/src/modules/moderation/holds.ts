import type { Queryable } from '../../db/client';
import { insertReuploadHold, openCase } from './repo';

/** An upload that matches removed material (decision 046): held for review, with a case in the admin's queue. */
export async function holdAsReupload(db: Queryable, file: { id: string; ownerId: string | null }) {
  await insertReuploadHold(db, file);
  await openCase(db, {
    targetType: 'reupload',
    targetId: file.id,
    reason: 'illegal',
    description: 'This upload matches removed material (perceptual hash).',
  });
}
