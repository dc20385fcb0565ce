/** SQL of the files module: the uploaded_files rows (the bytes live on disk, see storage.ts). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadedFiles } from '../../db/schema';

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadedFile(db: Db, values: typeof uploadedFiles.$inferInsert) {
  const [row] = await db.insert(uploadedFiles).values(values).returning();
  return row!;
}

/** A file by its stored name, whoever owns it (public images, operators' downloads). */
export async function findUploadedFile(db: Db, fileName: string) {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName));
  return row;
}

/** A file of `ownerId` by its stored name. */
export async function findOwnedFile(db: Db, fileName: string, ownerId: number) {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.fileName, fileName), eq(uploadedFiles.ownerId, ownerId)));
  return row;
}

export async function deleteUploadedFile(db: Db, id: number) {
  await db.delete(uploadedFiles).where(eq(uploadedFiles.id, id));
}
