/** Posts (RuoYi sys_post): code and name unique, a held post cannot be deleted. */
import { ErrorCode, type Language, type NormalDisable, type Post } from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors';
import { AppError } from '../../../lib/errors';
import { sheetExport, type SheetFormat } from '../../../lib/sheet-export';
import { formatCsvTime } from '../../../lib/csv';
import { flagOf, rowStatusOf, statusFilter } from '../org-status';
import {
  deleteFreePosts,
  findHeldPost,
  findPost,
  findPostBatch,
  insertPost,
  listPostRows,
  updatePostRow,
  type PostRow,
} from './repo';

interface PostInput {
  postCode: string;
  postName: string;
  postSort: number;
  status: NormalDisable;
  remark: string;
}
interface PostFilterInput {
  postCode?: string;
  postName?: string;
  status?: NormalDisable;
}

export function postView(row: PostRow): Post {
  return {
    postId: row.id,
    postCode: row.code,
    postName: row.name,
    postSort: row.sort,
    status: flagOf(row.status),
    remark: row.remark ?? '',
    createTime: row.createdAt.toISOString(),
  };
}

const filterOf = (input: PostFilterInput) => ({
  postCode: input.postCode,
  postName: input.postName,
  status: statusFilter(input.status),
});

export async function pagePosts(db: Db, query: PostFilterInput & { page: number; limit: number }) {
  const { rows, total } = await listPostRows(db, {
    ...filterOf(query),
    page: query.page,
    limit: query.limit,
  });
  return { list: rows.map(postView), total, page: query.page, limit: query.limit };
}

export async function getPost(db: Db, id: number) {
  const row = await findPost(db, id);
  if (!row) throw new AppError('not_found', ErrorCode.POST_NOT_FOUND);
  return postView(row);
}

const valuesOf = (input: PostInput) => ({
  code: input.postCode,
  name: input.postName,
  sort: input.postSort,
  status: rowStatusOf(input.status),
  remark: input.remark || null,
});

/** The unique indexes decide, also for two writes at once; the index name tells which field. */
async function uniquePost<T>(input: PostInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    // pg names the index on the error, which drizzle keeps as `cause`.
    const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint ?? '';
    throw constraint.includes('code')
      ? new AppError('conflict', ErrorCode.POST_CODE_TAKEN, { code: input.postCode })
      : new AppError('conflict', ErrorCode.POST_NAME_TAKEN, { name: input.postName });
  }
}

export async function createPost(db: Db, input: PostInput) {
  return postView(await uniquePost(input, () => insertPost(db, valuesOf(input))));
}

export async function editPost(db: Db, id: number, input: PostInput) {
  const row = await uniquePost(input, () => updatePostRow(db, id, valuesOf(input)));
  if (!row) throw new AppError('not_found', ErrorCode.POST_NOT_FOUND);
  return postView(row);
}

/** Deletes the posts; refused whole (409) when any of them is held by an account. */
export async function removePosts(db: Db, ids: number[]) {
  const held = await findHeldPost(db, ids);
  if (held) throw new AppError('conflict', ErrorCode.POST_IN_USE, { name: held.name });
  return { deleted: await deleteFreePosts(db, ids) };
}

const TITLES: Record<Language, string[]> = {
  'zh-CN': ['岗位编号', '岗位编码', '岗位名称', '显示顺序', '状态', '备注', '创建时间'],
  'en-US': ['Post ID', 'Post code', 'Post name', 'Order', 'Status', 'Remark', 'Created'],
};

export function exportPosts(
  db: Db,
  filter: PostFilterInput,
  options: { format: SheetFormat; language: Language; timeZone: string; now: Date },
) {
  const statusLabel = options.language === 'en-US' ? ['Enabled', 'Disabled'] : ['正常', '停用'];
  return sheetExport({
    subject: 'posts',
    format: options.format,
    now: options.now,
    timeZone: options.timeZone,
    header: TITLES[options.language],
    readBatch: (afterId, limit) => findPostBatch(db, filterOf(filter), afterId, limit),
    cells: (row) => [
      String(row.id),
      row.code,
      row.name,
      String(row.sort),
      statusLabel[row.status === 'enabled' ? 0 : 1]!,
      row.remark ?? '',
      formatCsvTime(row.createdAt, options.timeZone),
    ],
  });
}
