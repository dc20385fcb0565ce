/**
 * The catalogue as first installed: regions, desktop bundles, types and images, phone specs and
 * images, period discounts, unit prices and the reseller's markup. Seeded at every start by each
 * row's natural key: an existing row keeps the operators' names, prices, order and enabled flag.
 *
 * Upstream costs (micro-dollars) are chosen so that, with the default 40 % markup, prices look
 * like a real reseller's: a 2 vCPU / 4 GiB desktop with 80 GiB ≈ $26.88 a month or $0.057 an
 * hour in Hong Kong, traffic $0.077 per GB.
 */
import {
  DEFAULT_PRICE_MARKUP_PERCENT,
  PRICE_MARKUP_CONFIG_KEY,
  type DesktopPlatformType,
  type UnitPriceKey,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import {
  desktopBundles,
  desktopBundleTypes,
  desktopImages,
  desktopTypes,
  periodDiscounts,
  phoneImages,
  phoneSpecs,
  regions,
  sysConfigs,
  unitPrices,
} from '../../db/schema';
import type { RegionKind } from './repo';

/** Dollars as integer micro-dollars, for readable seed figures (exact: at most 6 decimals). */
function micros(dollars: string): bigint {
  const [whole = '0', fraction = ''] = dollars.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

type RegionSeed = [wyRegionId: string, nameZh: string, nameEn: string, priceFactorPercent: number];

const DESKTOP_REGIONS: RegionSeed[] = [
  ['cn-hongkong', '中国香港', 'China (Hong Kong)', 100],
  ['ap-southeast-1', '新加坡', 'Singapore', 100],
  ['ap-northeast-1', '日本（东京）', 'Japan (Tokyo)', 105],
  ['us-west-1', '美国（硅谷）', 'US (Silicon Valley)', 100],
  ['eu-central-1', '德国（法兰克福）', 'Germany (Frankfurt)', 110],
  ['cn-shanghai', '华东 2（上海）', 'China East 2 (Shanghai)', 90],
];

const PHONE_REGIONS: RegionSeed[] = [
  ['cn-hongkong', '中国香港', 'China (Hong Kong)', 100],
  ['ap-southeast-1', '新加坡', 'Singapore', 100],
  ['ap-northeast-1', '日本（东京）', 'Japan (Tokyo)', 105],
  ['us-west-1', '美国（硅谷）', 'US (Silicon Valley)', 100],
];

const regionRows = (kind: RegionKind, seeds: RegionSeed[]) =>
  seeds.map(([wyRegionId, nameZh, nameEn, priceFactorPercent], index) => ({
    kind,
    wyRegionId,
    nameZh,
    nameEn,
    priceFactorPercent,
    sort: index + 1,
  }));

const BUNDLE_TYPES = [
  { key: 'general', nameZh: '通用型', nameEn: 'General purpose' },
  { key: 'performance', nameZh: '性能型', nameEn: 'Performance' },
  { key: 'graphics', nameZh: '图形型', nameEn: 'Graphics' },
];

type TypeSeed = [
  typeId: string,
  bundleType: string,
  cpu: number,
  memoryGib: number,
  gpuGib: number | null,
  monthly: string,
  hourly: string,
];

const DESKTOP_TYPES: TypeSeed[] = [
  ['eds.general.2c4g', 'general', 2, 4, null, '16.00', '0.036'],
  ['eds.general.4c8g', 'general', 4, 8, null, '32.00', '0.072'],
  ['eds.general.8c16g', 'general', 8, 16, null, '64.00', '0.144'],
  ['eds.general.16c32g', 'general', 16, 32, null, '128.00', '0.288'],
  ['eds.performance.4c16g', 'performance', 4, 16, null, '46.00', '0.10'],
  ['eds.performance.8c32g', 'performance', 8, 32, null, '92.00', '0.20'],
  ['eds.graphics.8c32g', 'graphics', 8, 32, 8, '260.00', '0.56'],
];

type ImageSeed = [
  imageId: string,
  nameZh: string,
  nameEn: string,
  platform: DesktopPlatformType,
  osName: string,
  sizeGib: number,
];

const DESKTOP_IMAGES: ImageSeed[] = [
  [
    'img-ws2022-zh',
    'Windows Server 2022 数据中心版 64位 中文',
    'Windows Server 2022 Datacenter 64-bit (Chinese)',
    'Windows',
    'Windows Server 2022',
    40,
  ],
  [
    'img-ws2022-en',
    'Windows Server 2022 数据中心版 64位 英文',
    'Windows Server 2022 Datacenter 64-bit (English)',
    'Windows',
    'Windows Server 2022',
    40,
  ],
  [
    'img-ws2019-zh',
    'Windows Server 2019 数据中心版 64位 中文',
    'Windows Server 2019 Datacenter 64-bit (Chinese)',
    'Windows',
    'Windows Server 2019',
    40,
  ],
  [
    'img-win11-style',
    'Windows 11 风格桌面（Windows Server 2022）',
    'Windows 11 style desktop (Windows Server 2022)',
    'Windows',
    'Windows Server 2022',
    45,
  ],
  [
    'img-win10-style',
    'Windows 10 风格桌面（Windows Server 2019）',
    'Windows 10 style desktop (Windows Server 2019)',
    'Windows',
    'Windows Server 2019',
    45,
  ],
  ['img-ubuntu-2204', 'Ubuntu 22.04 LTS 桌面版', 'Ubuntu 22.04 LTS Desktop', 'Linux', 'Ubuntu 22.04', 20],
  ['img-debian-12', 'Debian 12 桌面版（GNOME）', 'Debian 12 Desktop (GNOME)', 'Linux', 'Debian 12', 20],
];

type BundleSeed = [
  bundleId: string,
  typeId: string,
  nameZh: string,
  nameEn: string,
  descZh: string,
  descEn: string,
  imageId: string,
  diskGib: number,
];

const DESKTOP_BUNDLES: BundleSeed[] = [
  [
    'b-general-2c4g',
    'eds.general.2c4g',
    '通用型 2核4G',
    'General 2 vCPU 4 GiB',
    '日常办公、网页与轻量应用',
    'Office work, browsing and light apps',
    'img-ws2022-zh',
    80,
  ],
  [
    'b-general-4c8g',
    'eds.general.4c8g',
    '通用型 4核8G',
    'General 4 vCPU 8 GiB',
    '多任务办公与跨境电商运营',
    'Multitasking and e-commerce operations',
    'img-ws2022-zh',
    80,
  ],
  [
    'b-general-8c16g',
    'eds.general.8c16g',
    '通用型 8核16G',
    'General 8 vCPU 16 GiB',
    '开发测试与数据处理',
    'Development, testing and data work',
    'img-ws2022-zh',
    100,
  ],
  [
    'b-general-16c32g',
    'eds.general.16c32g',
    '通用型 16核32G',
    'General 16 vCPU 32 GiB',
    '大型项目编译与多开',
    'Large builds and many parallel sessions',
    'img-ws2022-zh',
    120,
  ],
  [
    'b-performance-4c16g',
    'eds.performance.4c16g',
    '性能型 4核16G',
    'Performance 4 vCPU 16 GiB',
    '内存密集型应用与数据分析',
    'Memory-heavy apps and analytics',
    'img-ws2022-zh',
    100,
  ],
  [
    'b-performance-8c32g',
    'eds.performance.8c32g',
    '性能型 8核32G',
    'Performance 8 vCPU 32 GiB',
    '大型数据库客户端与虚拟化开发',
    'Large database clients and virtualised development',
    'img-ws2022-zh',
    120,
  ],
  [
    'b-graphics-8c32g',
    'eds.graphics.8c32g',
    '图形型 8核32G 8G显存',
    'Graphics 8 vCPU 32 GiB, 8 GiB GPU',
    '三维设计、视频剪辑与渲染',
    '3D design, video editing and rendering',
    'img-ws2022-zh',
    150,
  ],
];

type PhoneSpecSeed = [
  specId: string,
  nameZh: string,
  nameEn: string,
  cpu: number,
  memoryGib: number,
  diskGib: number,
  resolution: string,
  monthly: string,
  hourly: string,
];

const PHONE_SPECS: PhoneSpecSeed[] = [
  ['ph.lite.2c2g', '入门型 2核2G', 'Lite 2 cores 2 GiB', 2, 2, 16, '720x1280', '4.00', '0.008'],
  ['ph.basic.2c4g', '基础型 2核4G', 'Basic 2 cores 4 GiB', 2, 4, 32, '720x1280', '6.00', '0.012'],
  ['ph.standard.4c8g', '标准型 4核8G', 'Standard 4 cores 8 GiB', 4, 8, 64, '1080x1920', '10.00', '0.02'],
  ['ph.pro.8c16g', '专业型 8核16G', 'Pro 8 cores 16 GiB', 8, 16, 128, '1080x2400', '18.00', '0.036'],
];

const PHONE_IMAGES = [10, 11, 12, 13, 14].map((version) => ({
  imageId: `ph-img-android${version}`,
  nameZh: `Android ${version} 标准镜像`,
  nameEn: `Android ${version} standard`,
  androidVersion: String(version),
  sort: version,
}));

/** [months, discount, ph_discount] in basis points: 9500 is 0.95 ("9.5折"). */
const PERIOD_DISCOUNTS: [number, number, number][] = [
  [1, 10000, 10000],
  [2, 9800, 9700],
  [3, 9500, 9300],
  [6, 9000, 8800],
  [12, 8500, 8000],
  [24, 8000, 7500],
  [36, 7500, 7000],
];

const UNIT_PRICES: [UnitPriceKey, cost: string, unitZh: string, unitEn: string][] = [
  ['office_bandwidth_mbps_month', '1.50', 'Mbps/月', 'Mbps/month'],
  ['eip_bandwidth_mbps_month', '2.00', 'Mbps/月', 'Mbps/month'],
  ['traffic_gb', '0.055', 'GB', 'GB'],
  ['backup_space_gib_month', '0.02', 'GiB/月', 'GiB/month'],
  ['system_disk_gib_month', '0.04', 'GiB/月', 'GiB/month'],
  ['system_disk_gib_hour', '0.00006', 'GiB/小时', 'GiB/hour'],
  ['phone_network_month', '5.00', '个/月', 'network/month'],
  // Upstream cost of one static residential IP a month (operators edit it under the catalogue's unit prices).
  ['residential_proxy_month', '3.00', '个/月', 'IP/month'],
];

export async function seedCatalogReferenceData(db: Db): Promise<void> {
  await db
    .insert(regions)
    .values([...regionRows('desktop', DESKTOP_REGIONS), ...regionRows('phone', PHONE_REGIONS)])
    .onConflictDoNothing({ target: [regions.kind, regions.wyRegionId] });
  await db
    .insert(sysConfigs)
    .values({
      key: PRICE_MARKUP_CONFIG_KEY,
      name: 'Price markup (%)',
      value: String(DEFAULT_PRICE_MARKUP_PERCENT),
      isPublic: false,
      isBuiltin: true,
      remark: 'Customer prices are the upstream cost plus this percentage (× the region’s price factor).',
    })
    .onConflictDoNothing({ target: sysConfigs.key });
  await seedDesktopCatalogue(db);
  await seedPhoneCatalogue(db);
  await db
    .insert(periodDiscounts)
    .values(
      PERIOD_DISCOUNTS.map(([period, discountBp, phDiscountBp]) => ({
        unit: 'month',
        period,
        discountBp,
        phDiscountBp,
      })),
    )
    .onConflictDoNothing({ target: [periodDiscounts.unit, periodDiscounts.period] });
  await db
    .insert(unitPrices)
    .values(
      UNIT_PRICES.map(([key, cost, unitZh, unitEn]) => ({ key, costMicros: micros(cost), unitZh, unitEn })),
    )
    .onConflictDoNothing({ target: unitPrices.key });
}

/** Types before bundles (bundles point at a type's row id, found by its upstream type id). */
async function seedDesktopCatalogue(db: Db): Promise<void> {
  await db
    .insert(desktopBundleTypes)
    .values(BUNDLE_TYPES.map((type, index) => ({ ...type, sort: index + 1 })))
    .onConflictDoNothing({ target: desktopBundleTypes.key });
  await db
    .insert(desktopTypes)
    .values(
      DESKTOP_TYPES.map(([typeId, bundleType, cpu, memoryGib, gpuGib, monthly, hourly], index) => ({
        typeId,
        bundleType,
        cpu,
        memoryGib,
        gpuGib,
        monthlyCostMicros: micros(monthly),
        hourlyCostMicros: micros(hourly),
        sort: index + 1,
      })),
    )
    .onConflictDoNothing({ target: desktopTypes.typeId });
  await db
    .insert(desktopImages)
    .values(
      DESKTOP_IMAGES.map(([imageId, nameZh, nameEn, platformType, osName, sizeGib], index) => ({
        imageId,
        nameZh,
        nameEn,
        platformType,
        osName,
        sizeGib,
        minSystemDiskGib: 80,
        sort: index + 1,
      })),
    )
    .onConflictDoNothing({ target: desktopImages.imageId });
  const typeIds = new Map(
    (await db.select({ id: desktopTypes.id, typeId: desktopTypes.typeId }).from(desktopTypes)).map((t) => [
      t.typeId,
      t.id,
    ]),
  );
  const imageIds = new Set(
    (await db.select({ imageId: desktopImages.imageId }).from(desktopImages)).map((i) => i.imageId),
  );
  const bundles = DESKTOP_BUNDLES.flatMap(
    (
      [bundleId, typeId, nameZh, nameEn, descriptionZh, descriptionEn, imageId, defaultSystemDiskGib],
      index,
    ) => {
      const desktopTypeId = typeIds.get(typeId);
      // An operator may have removed a seeded type or image: the bundle then comes without them.
      if (desktopTypeId === undefined) return [];
      const defaultImageId = imageIds.has(imageId) ? imageId : null;
      return [
        {
          bundleId,
          desktopTypeId,
          nameZh,
          nameEn,
          descriptionZh,
          descriptionEn,
          defaultImageId,
          defaultSystemDiskGib,
          sort: index + 1,
        },
      ];
    },
  );
  if (bundles.length > 0) {
    await db.insert(desktopBundles).values(bundles).onConflictDoNothing({ target: desktopBundles.bundleId });
  }
}

async function seedPhoneCatalogue(db: Db): Promise<void> {
  await db
    .insert(phoneSpecs)
    .values(
      PHONE_SPECS.map(
        ([specId, nameZh, nameEn, cpu, memoryGib, diskGib, resolution, monthly, hourly], index) => ({
          specId,
          nameZh,
          nameEn,
          cpu,
          memoryGib,
          diskGib,
          resolution,
          monthlyCostMicros: micros(monthly),
          hourlyCostMicros: micros(hourly),
          sort: index + 1,
        }),
      ),
    )
    .onConflictDoNothing({ target: phoneSpecs.specId });
  await db.insert(phoneImages).values(PHONE_IMAGES).onConflictDoNothing({ target: phoneImages.imageId });
}
