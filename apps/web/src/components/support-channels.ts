/**
 * The support widget's channels: the public setting SUPPORT_CHANNELS (GET /config/SUPPORT_CHANNELS),
 * a JSON array edited by operators. Shared UI may not import features, so its one call lives here.
 */
import { useQuery } from '@tanstack/react-query';
import type { SupportChannel } from '@cloudbay/contracts';
import { currentLanguage } from '../lib/i18n';
import { api } from '../lib/request';

const CONFIG_KEY = 'SUPPORT_CHANNELS';

/** The support popover's panel width (support-panel.tsx), which its loading state takes too. */
export const SUPPORT_PANEL_WIDTH = 300;
const KINDS: readonly string[] = ['qr', 'link'];
const TEXT_FIELDS = [
  'key',
  'icon',
  'label_zh',
  'label_en',
  'description_zh',
  'description_en',
  'url',
  'image',
] as const;

function isChannel(value: unknown): value is SupportChannel {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    KINDS.includes(entry.kind as string) && TEXT_FIELDS.every((field) => typeof entry[field] === 'string')
  );
}

/**
 * The channels in a setting's text. Operators edit it by hand, so a malformed entry is skipped
 * (and malformed text gives none) rather than breaking every console page; a link channel only
 * counts with an https address, a QR one with an image or an address to draw.
 */
export function parseSupportChannels(text: string): SupportChannel[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isChannel)
    .filter((channel) =>
      channel.kind === 'link'
        ? /^(https:|mailto:)/i.test(channel.url)
        : Boolean(channel.image || channel.url),
    );
}

/** GET /config/SUPPORT_CHANNELS */
export async function fetchSupportChannels(): Promise<SupportChannel[]> {
  const { data } = await api.get<{ key: string; value: string }>(`/config/${CONFIG_KEY}`);
  return parseSupportChannels(data.value);
}

export function useSupportChannels() {
  // Operators rarely change it; once per page load is plenty.
  return useQuery({ queryKey: ['config', CONFIG_KEY], queryFn: fetchSupportChannels, staleTime: Infinity });
}

/** The label and description in the page's language. */
export function channelTexts(channel: SupportChannel) {
  const zh = currentLanguage() === 'zh-CN';
  return {
    label: zh ? channel.label_zh : channel.label_en,
    description: zh ? channel.description_zh : channel.description_en,
  };
}
