/**
 * The operators' content (issue 18, /business/content). Customers' routes (modules/content) read
 * the same tables at each request, so a change here is what the next customer page shows: there
 * is no cache to refresh.
 */
import {
  ErrorCode,
  PUBLIC_FILES_PATH,
  STORED_FILE_NAME,
  SUPPORT_CHANNELS_CONFIG_KEY,
  supportChannelSchema,
  type AdminAdPopup,
  type AdminBanner,
  type AdminCodeTableEntry,
  type AdminHotGoods,
  type SupportChannel,
} from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { adPopups, banners, desktopBundles, hotGoods, sysConfigs, type codeTable } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { formatDollars, parseMicros } from '../../../lib/money';
import { findCurrentAdPopup } from '../../content/repo';
import { findUploadedFile } from '../../files/repo';
import { isImageExtension } from '../../files/file-types';
import { findSetting } from '../../system/repo';
import {
  codeTableKeyExists,
  deleteCodeTableEntry,
  deleteContent,
  findContent,
  findPopupByVersion,
  hotGoodsUsingUnit,
  insertCodeTableEntry,
  insertContent,
  listCodeTableEntries,
  listContent,
  updateCodeTableEntry,
  updateContent,
  type ContentFilter,
  type ContentValues,
  type ContentTable,
} from './repo';
import { pageOf } from '../../../lib/paging';

export interface ContentQuery {
  page: number;
  limit: number;
  keyword?: string;
  enabled?: 'true' | 'false';
}

const notFound = (id: number | string) => new AppError('not_found', ErrorCode.CONTENT_NOT_FOUND, { id });
const invalidImage = () => new AppError('validation', ErrorCode.CONTENT_IMAGE_INVALID);

function contentFilter(query: ContentQuery): ContentFilter {
  return {
    page: query.page,
    limit: query.limit,
    keyword: query.keyword || undefined,
    enabled: query.enabled === undefined ? undefined : query.enabled === 'true',
  };
}
/** A row as operators see it: its own columns, its times as ISO strings, the seed's key left out. */
function editableView<R extends { key: string | null; createdAt: Date; updatedAt: Date }>(row: R) {
  const { key: _key, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createTime: createdAt.toISOString(), updateTime: updatedAt.toISOString() };
}

/**
 * The URL customers load an image from. A just-uploaded picture comes as its stored name: it
 * must be an uploaded image (the upload route checked its bytes and re-encoded it); a URL of
 * one, or a bundled illustration, is kept as it is.
 */
export async function imageUrl(db: Db, image: string): Promise<string> {
  if (image === '' || image.startsWith('/content/')) return image;
  const name = image.startsWith(PUBLIC_FILES_PATH) ? image.slice(PUBLIC_FILES_PATH.length) : image;
  if (!STORED_FILE_NAME.test(name)) throw invalidImage();
  const file = await findUploadedFile(db, name);
  if (!file || !isImageExtension(file.extension)) throw invalidImage();
  return `${PUBLIC_FILES_PATH}${name}`;
}

/** How one row table is shown and written. */
interface ContentKindOptions<T extends ContentTable, Input, View, Context> {
  table: T;
  /** What the views of one answer share (read once per answer). */
  context?: (db: Db) => Promise<Context>;
  view: (row: T['$inferSelect'], context: Context) => View;
  /** The row's values from a checked body; `id` is the edited row's. */
  toValues: (db: Db, input: Input, id?: number) => Promise<ContentValues<T>>;
}

/** Create, read, update, delete and enable of one of the three row tables. */
function contentCrud<T extends ContentTable, Input, View, Context = undefined>(
  options: ContentKindOptions<T, Input, View, Context>,
) {
  const { table, view, toValues } = options;
  const context = (db: Db) => (options.context ? options.context(db) : Promise.resolve(undefined as Context));
  const viewOf = async (db: Db, row: T['$inferSelect'] | undefined, id: number) => {
    if (!row) throw notFound(id);
    return view(row, await context(db));
  };
  return {
    async page(db: Db, query: ContentQuery) {
      const [{ rows, total }, shared] = await Promise.all([
        listContent(db, table, contentFilter(query)),
        context(db),
      ]);
      return pageOf(
        rows.map((row) => view(row, shared)),
        total,
        query,
      );
    },
    async get(db: Db, id: number) {
      return viewOf(db, await findContent(db, table, id), id);
    },
    async create(db: Db, input: Input) {
      const row = await insertContent(db, table, await toValues(db, input));
      return viewOf(db, row, row.id);
    },
    async update(db: Db, id: number, input: Input) {
      if (!(await findContent(db, table, id))) throw notFound(id);
      return viewOf(db, await updateContent(db, table, id, await toValues(db, input, id)), id);
    },
    async setEnabled(db: Db, id: number, enabled: boolean) {
      return viewOf(db, await updateContent(db, table, id, { enabled } as Partial<ContentValues<T>>), id);
    },
    async remove(db: Db, id: number) {
      if (!(await deleteContent(db, table, id))) throw notFound(id);
      return { deleted: 1 };
    },
  };
}

export type BannerInput = Omit<AdminBanner, 'id' | 'createTime' | 'updateTime'>;

export const bannerContent = contentCrud({
  table: banners,
  view: (row): AdminBanner => editableView(row),
  toValues: async (db, input: BannerInput) => ({ ...input, image: await imageUrl(db, input.image) }),
});

export type HotGoodsInput = Omit<AdminHotGoods, 'id' | 'createTime' | 'updateTime'>;

export const hotGoodsContent = contentCrud({
  table: hotGoods,
  view: ({ priceMicros, ...row }): AdminHotGoods => ({
    ...editableView(row),
    price: formatDollars(priceMicros),
  }),
  toValues: async (db, { price, ...input }: HotGoodsInput) => {
    if (!(await codeTableKeyExists(db, input.priceUnit))) {
      throw new AppError('validation', ErrorCode.CONTENT_PRICE_UNIT_UNKNOWN, { unit: input.priceUnit });
    }
    if (input.bundleId !== null) {
      const [bundle] = await db
        .select({ id: desktopBundles.id })
        .from(desktopBundles)
        .where(eq(desktopBundles.bundleId, input.bundleId));
      if (!bundle)
        throw new AppError('validation', ErrorCode.CONTENT_BUNDLE_UNKNOWN, { bundleId: input.bundleId });
    }
    return { ...input, priceMicros: parseMicros(price), image: await imageUrl(db, input.image) };
  },
});

export type AdPopupInput = Omit<AdminAdPopup, 'id' | 'createTime' | 'updateTime' | 'current'>;

export const adPopupContent = contentCrud({
  table: adPopups,
  // The customers' own query decides which one is current, so the two pages cannot disagree.
  context: async (db) => (await findCurrentAdPopup(db))?.id,
  view: (row, currentId): AdminAdPopup => ({
    ...editableView(row),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    current: currentId === row.id,
  }),
  toValues: async (db, input: AdPopupInput, id?: number) => {
    if (await findPopupByVersion(db, input.version, id)) {
      throw new AppError('conflict', ErrorCode.AD_POPUP_VERSION_TAKEN, { version: input.version });
    }
    return {
      ...input,
      image: await imageUrl(db, input.image),
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    };
  },
});

const codeTableView = (row: typeof codeTable.$inferSelect): AdminCodeTableEntry => ({
  key: row.key,
  labelZh: row.labelZh,
  labelEn: row.labelEn,
  sort: row.sort,
});

export async function pageCodeTable(db: Db, query: ContentQuery) {
  const { rows, total } = await listCodeTableEntries(db, contentFilter(query));
  return pageOf(rows.map(codeTableView), total, query);
}

export async function createCodeTableEntry(db: Db, input: AdminCodeTableEntry) {
  const row = await insertCodeTableEntry(db, input);
  if (!row) throw new AppError('conflict', ErrorCode.CODE_TABLE_KEY_TAKEN, { key: input.key });
  return codeTableView(row);
}

export async function editCodeTableEntry(db: Db, key: string, input: Omit<AdminCodeTableEntry, 'key'>) {
  const row = await updateCodeTableEntry(db, key, input);
  if (!row) throw notFound(key);
  return codeTableView(row);
}

/** Deletes an entry; one a hot-goods item shows as its price unit stays (its label would vanish). */
export async function removeCodeTableEntry(db: Db, key: string) {
  if (await hotGoodsUsingUnit(db, key))
    throw new AppError('conflict', ErrorCode.CODE_TABLE_KEY_IN_USE, { key });
  if (!(await deleteCodeTableEntry(db, key))) throw notFound(key);
  return { deleted: 1 };
}

/** The support widget's channels: the public setting SUPPORT_CHANNELS the widget reads. */
export async function getSupportChannels(db: Db): Promise<{ channels: SupportChannel[] }> {
  const value = await findSetting(db, SUPPORT_CHANNELS_CONFIG_KEY);
  const parsed = z.array(supportChannelSchema).safeParse(value === undefined ? [] : JSON.parse(value));
  // A value an operator broke by hand on the settings page reads as no channels, not a 500.
  return { channels: parsed.success ? parsed.data : [] };
}

export async function saveSupportChannels(db: Db, channels: SupportChannel[]) {
  const stored = await Promise.all(
    channels.map(async (channel) => ({ ...channel, image: await imageUrl(db, channel.image) })),
  );
  const value = JSON.stringify(stored);
  // A built-in setting (seeded at every start, not deletable): only its value changes.
  await db
    .update(sysConfigs)
    .set({ value, updatedAt: new Date() })
    .where(eq(sysConfigs.key, SUPPORT_CHANNELS_CONFIG_KEY));
  return { channels: stored };
}
