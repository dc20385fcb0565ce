/** Home-page content and reference lists (spec §7: banner, hot_goods, ad_popup, code_table, regions). */
import { z } from 'zod';

/** GET /banner: the home carousel, in the caller's language, in display order. */
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** An image URL (an uploaded file or a bundled illustration). */
  image: z.string(),
  /** A console path ('/cloud/buy') or an external https link; empty for none. */
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** GET /hot_goods: featured products with their starting price. */
export const hotGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Short badge text ('Hot', 'New'); empty for none. */
  tag: z.string(),
  /** Starting price in dollars, a decimal string. */
  price: z.string(),
  /** What the price is per ('month', 'hour'…), already translated. */
  price_unit: z.string(),
  image: z.string(),
  link: z.string(),
});
export type HotGoods = z.infer<typeof hotGoodsSchema>;

/** GET /ad_popup: the current pop-up, or null. The web shows each `version` once. */
export const adPopupSchema = z
  .object({
    id: z.number().int(),
    version: z.string(),
    title: z.string(),
    content: z.string(),
    image: z.string(),
    link: z.string(),
  })
  .nullable();
export type AdPopup = z.infer<typeof adPopupSchema>;

/** GET /code_table: labels of server codes in both languages (cached as `code_table`). */
export const codeTableEntrySchema = z.object({ key: z.string(), 'zh-cn': z.string(), 'en-us': z.string() });
export type CodeTableEntry = z.infer<typeof codeTableEntrySchema>;

/** GET /describe_regions and GET /ph/regions (cached as `areaList` and `phRegions`). */
export const regionSchema = z.object({
  id: z.number().int(),
  /** The upstream cloud's region id. */
  wy_region_id: z.string(),
  /** In the caller's language. */
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

/** The support widget's channels (public config SUPPORT_CHANNELS, a JSON array). */
export const supportChannelSchema = z.object({
  key: z.string(),
  /** 'qr' opens a dialog with the QR; 'link' opens `url` in a new tab. */
  kind: z.enum(['qr', 'link']),
  icon: z.enum(['wechat', 'whatsapp', 'telegram', 'skype', 'mail', 'docs', 'message']),
  label_zh: z.string(),
  label_en: z.string(),
  description_zh: z.string(),
  description_en: z.string(),
  /** For 'link': where to go. For 'qr': what the QR encodes (used when no image is given). */
  url: z.string(),
  /** For 'qr': an uploaded QR image; empty to draw `url` as a QR code. */
  image: z.string(),
});
export type SupportChannel = z.infer<typeof supportChannelSchema>;
export const SUPPORT_CHANNELS_CONFIG_KEY = 'SUPPORT_CHANNELS';
