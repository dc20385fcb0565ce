/**
 * The operators' content pages (issue 18, /business/content): banners, hot goods, the ad pop-up,
 * the code table and the support widget's channels, each with both languages' texts.
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { supportChannelSchema } from './content';
import { STORED_FILE_NAME } from './files';

/** The content kinds with rows of their own, as they appear in the API's paths. */
export const CONTENT_KINDS = ['banner', 'hot_goods', 'ad_popup'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Images customers can be shown: a bundled illustration or an uploaded picture. */
export const CONTENT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'] as const;
const IMAGE_EXTENSION = new RegExp(`\\.(${CONTENT_IMAGE_EXTENSIONS.join('|')})$`);
/** Where uploaded images are served (the files module's public route). */
export const PUBLIC_FILES_PATH = '/api/common/files/';
const BUNDLED_IMAGE = /^\/content\/[a-z0-9-]+\.svg$/;

/**
 * An image as the operator's form sends it: a stored upload's name (just uploaded), its public
 * URL, or a bundled illustration. The server stores the public URL.
 */
const contentImage = z
  .string()
  .trim()
  .max(300)
  .refine((value) => {
    const stored = value.startsWith(PUBLIC_FILES_PATH) ? value.slice(PUBLIC_FILES_PATH.length) : value;
    return (STORED_FILE_NAME.test(stored) && IMAGE_EXTENSION.test(stored)) || BUNDLED_IMAGE.test(value);
  }, ErrorCode.CONTENT_IMAGE_INVALID);

/** A console path ('/cloud/buy') or an https address; empty for none. */
const contentLink = z
  .string()
  .trim()
  .max(300)
  .refine((value) => value === '' || /^\/[^\s]*$/.test(value) || /^https:\/\/\S+$/.test(value), {
    message: ErrorCode.CONTENT_LINK_INVALID,
  });
const title = z.string().trim().min(1).max(100);
const text = (max: number) => z.string().trim().max(max).default('');

/** What every content row has besides its texts: display order and whether customers see it. */
const editable = { sort: z.number().int().min(0).max(9999).default(0), enabled: z.boolean().default(true) };
const stamps = { id: z.number().int(), createTime: z.string(), updateTime: z.string() };

export const adminBannerBody = z.object({
  titleZh: title,
  titleEn: title,
  subtitleZh: text(200),
  subtitleEn: text(200),
  image: contentImage,
  link: contentLink.default(''),
  ...editable,
});
export type AdminBannerBody = z.input<typeof adminBannerBody>;
export const adminBannerSchema = adminBannerBody.extend({ image: z.string(), link: z.string(), ...stamps });
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** A price in dollars, more than zero, at most 2 decimals. */
const price = z
  .string()
  .trim()
  .refine(
    (value) => /^\d{1,7}(\.\d{1,2})?$/.test(value) && Number(value) > 0,
    ErrorCode.CONTENT_PRICE_INVALID,
  );

export const adminHotGoodsBody = z.object({
  nameZh: title,
  nameEn: title,
  descriptionZh: text(300),
  descriptionEn: text(300),
  tagZh: text(20),
  tagEn: text(20),
  /** Shown when no catalogue bundle is named (a bundle's item shows the bundle's lowest price). */
  price,
  /** A desktop bundle of the catalogue, or null. */
  bundleId: z.string().trim().min(1).max(60).nullable().default(null),
  /** A code-table key of a unit ('unit.month'). */
  priceUnit: z
    .string()
    .trim()
    .regex(/^unit\.[a-z_]+$/, ErrorCode.CONTENT_PRICE_UNIT_UNKNOWN),
  image: contentImage,
  link: contentLink.default(''),
  ...editable,
});
export type AdminHotGoodsBody = z.input<typeof adminHotGoodsBody>;
export const adminHotGoodsSchema = adminHotGoodsBody.extend({
  price: z.string(),
  priceUnit: z.string(),
  image: z.string(),
  link: z.string(),
  ...stamps,
});
export type AdminHotGoods = z.infer<typeof adminHotGoodsSchema>;

export const adminAdPopupBody = z
  .object({
    /** Each version shows once per browser: a new campaign takes a new version. */
    version: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,40}$/, ErrorCode.AD_POPUP_VERSION_INVALID),
    titleZh: title,
    titleEn: title,
    contentZh: text(1000),
    contentEn: text(1000),
    image: contentImage.or(z.literal('')).default(''),
    link: contentLink.default(''),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    ...editable,
  })
  .refine((body) => body.endsAt === null || Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: ErrorCode.AD_POPUP_WINDOW_INVALID,
    path: ['endsAt'],
  });
export type AdminAdPopupBody = z.input<typeof adminAdPopupBody>;
export const adminAdPopupSchema = adminAdPopupBody.safeExtend({
  image: z.string(),
  link: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** Whether customers are shown it now (enabled, inside its window and the newest such). */
  current: z.boolean(),
  ...stamps,
});
export type AdminAdPopup = z.infer<typeof adminAdPopupSchema>;

/** The lists: a keyword over both languages' titles and the enabled flag. */
export const contentListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});
export type ContentListQuery = z.input<typeof contentListQuery>;
export const adminBannerPageSchema = pageOf(adminBannerSchema);
export const adminHotGoodsPageSchema = pageOf(adminHotGoodsSchema);
export const adminAdPopupPageSchema = pageOf(adminAdPopupSchema);

export const contentIdParams = z.object({ id: z.coerce.number().int().positive() });
export const contentEnabledBody = z.object({ enabled: z.boolean() });

/** The code table: server codes' labels (keys like 'unit.month', 'product_type.desktop'). */
export const codeTableKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]*\.[a-z0-9_]+$/, ErrorCode.CODE_TABLE_KEY_INVALID)
  .max(100);
export const adminCodeTableBody = z.object({
  key: codeTableKey,
  labelZh: z.string().trim().min(1).max(100),
  labelEn: z.string().trim().min(1).max(100),
  sort: editable.sort,
});
export type AdminCodeTableBody = z.input<typeof adminCodeTableBody>;
export const adminCodeTableSchema = adminCodeTableBody.extend({ key: z.string() });
export type AdminCodeTableEntry = z.infer<typeof adminCodeTableSchema>;
export const adminCodeTablePageSchema = pageOf(adminCodeTableSchema);
/** PUT /code_table/{key}: the key names the entry and stays (the server looks labels up by it). */
export const adminCodeTableUpdateBody = adminCodeTableBody.omit({ key: true });
export const codeTableKeyParams = z.object({ key: codeTableKey });

/** The support widget's channels, edited as a whole list (at most 8, unique keys). */
export const adminSupportChannelsBody = z.object({
  channels: z
    .array(
      supportChannelSchema.extend({
        key: z
          .string()
          .trim()
          .regex(/^[a-z0-9_-]{1,30}$/, ErrorCode.VALIDATION_FAILED),
        label_zh: z.string().trim().min(1).max(40),
        label_en: z.string().trim().min(1).max(40),
        description_zh: z.string().trim().max(200),
        description_en: z.string().trim().max(200),
        url: z
          .string()
          .trim()
          .max(300)
          .regex(/^(https:\/\/\S+|mailto:\S+)$/, ErrorCode.CONTENT_LINK_INVALID),
        image: contentImage.or(z.literal('')),
      }),
    )
    .max(8)
    .refine(
      (list) => new Set(list.map((c) => c.key)).size === list.length,
      ErrorCode.SUPPORT_CHANNEL_KEY_TAKEN,
    ),
});
export type AdminSupportChannelsBody = z.input<typeof adminSupportChannelsBody>;
export const adminSupportChannelsSchema = z.object({ channels: z.array(supportChannelSchema) });
