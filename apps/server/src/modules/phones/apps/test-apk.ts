/**
 * Builds tiny but real APKs for tests: a binary AndroidManifest.xml (AXML) and a resources.arsc
 * in the formats aapt writes (ResourceTypes.h: string pools, XML tree chunks, a resource table
 * with one package), zipped with launcher icons. The label and icon are resource references, so
 * a parser has to resolve them through resources.arsc like it must for a real app.
 */
import JSZip from 'jszip';
import sharp from 'sharp';

export interface TestApkManifest {
  packageName: string;
  versionName: string;
  versionCode: number;
  /** The default label; `labelZh` adds a zh-CN translation. */
  label: string;
  labelZh?: string;
  /** Icon colour (the icon is a plain square PNG in mdpi and xxhdpi). */
  iconColor?: string;
}

// Chunk and value types of ResourceTypes.h.
const RES = {
  stringPool: 0x0001,
  table: 0x0002,
  xml: 0x0003,
  startNamespace: 0x0100,
  endNamespace: 0x0101,
  startElement: 0x0102,
  endElement: 0x0103,
  tablePackage: 0x0200,
  tableType: 0x0201,
  tableTypeSpec: 0x0202,
} as const;
const TYPE = { reference: 0x01, string: 0x03, intDec: 0x10 } as const;
const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
const PACKAGE_ID = 0x7f;
const STRING_TYPE = 1;
const MIPMAP_TYPE = 2;

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};
const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

/** A chunk: type, header size, total size, the rest of the header, the body. */
function chunk(type: number, header: Buffer, body: Buffer): Buffer {
  const headerSize = 8 + header.length;
  return Buffer.concat([u16(type), u16(headerSize), u32(headerSize + body.length), header, body]);
}

/** A UTF-16 string pool. */
function stringPool(strings: string[]): Buffer {
  const encoded = strings.map((s) => Buffer.concat([u16(s.length), Buffer.from(s, 'utf16le'), u16(0)]));
  const offsets: number[] = [];
  let at = 0;
  for (const e of encoded) {
    offsets.push(at);
    at += e.length;
  }
  const headerSize = 28;
  const stringsStart = headerSize + 4 * strings.length;
  const header = Buffer.concat([u32(strings.length), u32(0), u32(0), u32(stringsStart), u32(0)]);
  return chunk(RES.stringPool, header, pad4(Buffer.concat([...offsets.map(u32), ...encoded])));
}

/** A typed value (Res_value). */
const resValue = (dataType: number, data: number) =>
  Buffer.concat([u16(8), Buffer.from([0, dataType]), u32(data)]);

type Attr = { name: string; type: number; value: number | string };

function axml(manifest: TestApkManifest): Buffer {
  const strings: string[] = [];
  const index = (s: string) => {
    const at = strings.indexOf(s);
    return at >= 0 ? at : strings.push(s) - 1;
  };
  index('android');
  index(ANDROID_NS);
  const lineHeader = Buffer.concat([u32(1), u32(0xffffffff)]);
  const element = (tag: string, attrs: Attr[]) => {
    const encoded = attrs.map((a) => {
      const isString = a.type === TYPE.string;
      const ns = a.name === 'package' ? 0xffffffff : index(ANDROID_NS);
      const raw = isString ? index(String(a.value)) : 0xffffffff;
      return Buffer.concat([
        u32(ns),
        u32(index(a.name)),
        u32(raw),
        resValue(a.type, isString ? raw : Number(a.value)),
      ]);
    });
    const body = Buffer.concat([
      u32(0xffffffff),
      u32(index(tag)),
      u16(20),
      u16(20),
      u16(attrs.length),
      u16(0),
      u16(0),
      u16(0),
      ...encoded,
    ]);
    return chunk(RES.startElement, lineHeader, body);
  };
  const end = (tag: string) =>
    chunk(RES.endElement, lineHeader, Buffer.concat([u32(0xffffffff), u32(index(tag))]));
  const namespace = (type: number) =>
    chunk(type, lineHeader, Buffer.concat([u32(index('android')), u32(index(ANDROID_NS))]));

  const tree = Buffer.concat([
    namespace(RES.startNamespace),
    element('manifest', [
      { name: 'versionCode', type: TYPE.intDec, value: manifest.versionCode },
      { name: 'versionName', type: TYPE.string, value: manifest.versionName },
      { name: 'package', type: TYPE.string, value: manifest.packageName },
    ]),
    element('uses-sdk', [{ name: 'minSdkVersion', type: TYPE.intDec, value: 24 }]),
    end('uses-sdk'),
    element('application', [
      { name: 'label', type: TYPE.reference, value: (PACKAGE_ID << 24) | (STRING_TYPE << 16) },
      { name: 'icon', type: TYPE.reference, value: (PACKAGE_ID << 24) | (MIPMAP_TYPE << 16) },
    ]),
    end('application'),
    end('manifest'),
    namespace(RES.endNamespace),
  ]);
  return chunk(RES.xml, Buffer.alloc(0), Buffer.concat([stringPool(strings), tree]));
}

/** A type chunk with one entry (index 0) whose value is a string of the global pool. */
function typeChunk(typeId: number, language: string, globalIndex: number): Buffer {
  const locale = Buffer.alloc(4);
  locale.write(language, 'latin1');
  // ResTable_config cut to its first 28 bytes (size, imsi, locale, screenType, input, screenSize, version).
  const config = Buffer.concat([u32(28), u32(0), locale, u32(0), u32(0), u32(0), u32(0)]);
  const headerSize = 8 + 12 + config.length;
  const entriesStart = headerSize + 4;
  const header = Buffer.concat([Buffer.from([typeId, 0]), u16(0), u32(1), u32(entriesStart), config]);
  const entry = Buffer.concat([u16(8), u16(0), u32(0), resValue(TYPE.string, globalIndex)]);
  return chunk(RES.tableType, header, Buffer.concat([u32(0), entry]));
}

function arsc(manifest: TestApkManifest, iconPaths: string[]): Buffer {
  const globals = [manifest.label, ...(manifest.labelZh ? [manifest.labelZh] : []), ...iconPaths];
  const typeStrings = stringPool(['string', 'mipmap']);
  const keyStrings = stringPool(['app_name', 'ic_launcher']);
  const spec = (typeId: number) =>
    chunk(RES.tableTypeSpec, Buffer.concat([Buffer.from([typeId, 0]), u16(0), u32(1)]), u32(0));
  const iconBase = manifest.labelZh ? 2 : 1;
  const body = Buffer.concat([
    typeStrings,
    keyStrings,
    spec(STRING_TYPE),
    typeChunk(STRING_TYPE, '', 0),
    ...(manifest.labelZh ? [typeChunk(STRING_TYPE, 'zh', 1)] : []),
    spec(MIPMAP_TYPE),
    ...iconPaths.map((_, i) => typeChunk(MIPMAP_TYPE, '', iconBase + i)),
  ]);
  const name = Buffer.alloc(256);
  name.write(manifest.packageName.slice(0, 127), 'utf16le');
  const headerSize = 8 + 4 + 256 + 16 + 4;
  const packageHeader = Buffer.concat([
    u32(PACKAGE_ID),
    name,
    u32(headerSize),
    u32(2),
    u32(headerSize + typeStrings.length),
    u32(2),
    u32(0),
  ]);
  const packageChunk = chunk(RES.tablePackage, packageHeader, body);
  return chunk(RES.table, u32(1), Buffer.concat([stringPool(globals), packageChunk]));
}

/** A minimal valid APK (a zip with the manifest, the resource table, icons and a classes.dex). */
export async function buildTestApk(manifest: TestApkManifest): Promise<Buffer> {
  const color = manifest.iconColor ?? '#1677ff';
  const icon = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 4, background: color } })
      .png()
      .toBuffer();
  const iconPaths = ['res/mipmap-mdpi-v4/ic_launcher.png', 'res/mipmap-xxhdpi-v4/ic_launcher.png'];
  const zip = new JSZip();
  zip.file('AndroidManifest.xml', axml(manifest));
  zip.file('resources.arsc', arsc(manifest, iconPaths));
  zip.file(iconPaths[0]!, await icon(48));
  zip.file(iconPaths[1]!, await icon(144));
  zip.file('classes.dex', Buffer.from('dex\n035\0', 'latin1'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
