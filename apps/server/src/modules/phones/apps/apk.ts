/**
 * Reads what the app centre needs from an APK on disk: package name, version name and code, label
 * and launcher icon. yauzl reads the zip by random access from the file (only the central
 * directory and the few entries we ask for, never the whole APK in memory); node-apk decodes the
 * binary AndroidManifest.xml and resources.arsc, whose references the label and icon usually are.
 */
import { createRequire } from 'node:module';
import type * as NodeApk from 'node-apk';
import type NodeApkSource from 'node-apk/build/lib/source';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

// node-apk is CommonJS whose named exports Node's ESM loader cannot see; its byte reader
// (`Source`, which its parsers take) is not in its index at all.
const require = createRequire(import.meta.url);
const { Manifest, Resources, XmlElement } = require('node-apk') as typeof NodeApk;
type Resources = NodeApk.Resources;
const Source = (require('node-apk/build/lib/source') as { default: typeof NodeApkSource }).default;

export interface ApkIcon {
  bytes: Buffer;
  ext: 'png' | 'webp' | 'jpg';
}

export interface ApkInfo {
  packageName: string;
  versionName: string;
  versionCode: number;
  /** The default-locale label; `labels` has every translation by locale (`zh`, `zh-CN` …). */
  label: string;
  labels: Record<string, string>;
  icon: ApkIcon | null;
}

/** Why a file is not an APK we can read (the caller answers APK_INVALID). */
export class ApkInvalidError extends Error {}

// Upper bounds on the entries we decompress: far above real apps, low enough that a zip bomb
// cannot make the server inflate gigabytes.
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;
const RESOURCES_MAX_BYTES = 64 * 1024 * 1024;
const ICON_MAX_BYTES = 2 * 1024 * 1024;
const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;
const DENSITY_ORDER = ['xxxhdpi', 'xxhdpi', 'xhdpi', 'hdpi', 'mdpi', 'ldpi'];

function openZip(filePath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(new ApkInvalidError(error?.message ?? 'not a zip')) : resolve(zip),
    ),
  );
}

/** The central directory's entries by name. */
function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(new ApkInvalidError(error.message)));
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) {
    return Promise.reject(new ApkInvalidError(`${entry.fileName} is too large`));
  }
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new ApkInvalidError(error?.message ?? 'unreadable entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', (e: Error) => reject(new ApkInvalidError(e.message)));
    }),
  );
}

/** Any decoding failure of a binary format is an invalid APK, not a server error. */
function decode<T>(what: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ApkInvalidError(`${what}: ${(error as Error).message}`);
  }
}

function localeKey(resource: { locale?: { language?: string; country?: string } }): string {
  const { language, country } = resource.locale ?? {};
  return [language, country].filter(Boolean).join('-');
}

/** The label's translations by locale ('' = default) from a literal or a string resource. */
function labelsOf(raw: unknown, resources: Resources | null): Record<string, string> {
  if (typeof raw === 'string') return { '': raw };
  if (typeof raw !== 'number' || !resources) return {};
  const labels: Record<string, string> = {};
  for (const resource of resources.resolve(raw)) {
    if (typeof resource.value === 'string') labels[localeKey(resource)] ??= resource.value;
  }
  return labels;
}

function densityRank(path: string): number {
  const at = DENSITY_ORDER.findIndex((density) => path.includes(`-${density}`));
  return at < 0 ? DENSITY_ORDER.length : at;
}

const ICON_EXTENSIONS: Record<string, ApkIcon['ext']> = { png: 'png', webp: 'webp', jpg: 'jpg', jpeg: 'jpg' };

/** The densest bitmap the icon reference names (adaptive XML icons have none to show). */
function iconPathOf(
  raw: unknown,
  resources: Resources | null,
  entries: Map<string, Entry>,
): string | undefined {
  const candidates =
    typeof raw === 'number' && resources
      ? resources.resolve(raw).map((resource) => resource.value as unknown)
      : [raw];
  return candidates
    .filter((value): value is string => typeof value === 'string' && entries.has(value))
    .filter((value) => (value.split('.').pop() ?? '').toLowerCase() in ICON_EXTENSIONS)
    .sort((a, b) => densityRank(a) - densityRank(b))[0];
}

/** Reads an APK's identity; throws ApkInvalidError for anything that is not a readable APK. */
export async function readApk(filePath: string): Promise<ApkInfo> {
  const zip = await openZip(filePath);
  try {
    const entries = await listEntries(zip);
    const manifestEntry = entries.get('AndroidManifest.xml');
    if (!manifestEntry) throw new ApkInvalidError('no AndroidManifest.xml');
    const manifestBytes = await readEntry(zip, manifestEntry, MANIFEST_MAX_BYTES);
    const manifest = decode(
      'AndroidManifest.xml',
      () => new Manifest(new XmlElement(new Source(manifestBytes))),
    );
    const { packageName, versionName, versionCode, rawLabel, rawIcon } = decode(
      'AndroidManifest.xml',
      () => ({
        packageName: manifest.package,
        versionName: manifest.versionName,
        versionCode: manifest.versionCode,
        rawLabel: manifest.raw.children.application?.[0]?.attributes.label as unknown,
        rawIcon: manifest.raw.children.application?.[0]?.attributes.icon as unknown,
      }),
    );
    if (typeof packageName !== 'string' || !PACKAGE_NAME.test(packageName)) {
      throw new ApkInvalidError('no package name');
    }
    const arscEntry = entries.get('resources.arsc');
    const arscBytes = arscEntry ? await readEntry(zip, arscEntry, RESOURCES_MAX_BYTES) : null;
    const resources = arscBytes ? decode('resources.arsc', () => new Resources(new Source(arscBytes))) : null;
    const labels = labelsOf(rawLabel, resources);
    const label = labels[''] ?? Object.values(labels)[0] ?? packageName;
    const iconPath = iconPathOf(rawIcon, resources, entries);
    const icon = iconPath
      ? {
          bytes: await readEntry(zip, entries.get(iconPath)!, ICON_MAX_BYTES),
          ext: ICON_EXTENSIONS[(iconPath.split('.').pop() ?? '').toLowerCase()]!,
        }
      : null;
    return {
      packageName,
      versionName: typeof versionName === 'string' && versionName ? versionName : String(versionCode ?? ''),
      versionCode: Number.isSafeInteger(versionCode) && versionCode >= 0 ? versionCode : 0,
      label,
      labels,
      icon,
    };
  } finally {
    zip.close();
  }
}
