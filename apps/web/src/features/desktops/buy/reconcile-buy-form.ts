/**
 * Keeps the purchase form consistent with what the catalogue offers for the current choices: a
 * bundle of the family shown, an image that is available on the platform shown, a system disk the
 * image allows, a term on sale, an office network of the region. Pure: it answers the fields to
 * change (nothing when all is well), and the form applies them.
 */
import type {
  Bundle,
  DesktopImage,
  OfficeSite,
  PeriodDiscount,
  PlatformTypeOption,
} from '@cloudbay/contracts';
import { fitSystemDisk, FREE_OFFICE_SITE, isSystemDisk, minSystemDisk, type BuyFormValues } from './buy-form';

/** The catalogue answers for the current region and platform; undefined while loading. */
export interface BuyCatalog {
  bundles?: readonly Bundle[];
  platformTypes?: readonly PlatformTypeOption[];
  images?: readonly DesktopImage[];
  periods?: readonly PeriodDiscount[];
  officeSites?: readonly OfficeSite[];
}

/** Bundles of a family, smallest first (CPU, then memory, then GPU). */
export function bundlesOfType(bundles: readonly Bundle[], type: string | undefined): Bundle[] {
  return bundles
    .filter((bundle) => bundle.bundle_type === type)
    .sort((a, b) => a.cpu - b.cpu || a.memory - b.memory || (a.gpu ?? 0) - (b.gpu ?? 0));
}

/** The paid office networks a desktop can join now (the free one is the separate default choice). */
export function joinableOfficeSites(sites: readonly OfficeSite[] | undefined): OfficeSite[] {
  return (sites ?? []).filter(
    (site) => !site.is_default && (site.status === 'normal' || site.status === 'creating'),
  );
}

export function isUsableImage(image: DesktopImage | undefined): image is DesktopImage {
  return image?.status === 'available';
}

/** The bundle's default image when it is usable on this platform, else the first usable one. */
export function defaultImage(
  images: readonly DesktopImage[],
  bundle: Bundle | undefined,
): DesktopImage | undefined {
  const preferred = images.find((image) => image.image_id === bundle?.default_image_id);
  return isUsableImage(preferred) ? preferred : images.find(isUsableImage);
}

function pickBundle(values: Partial<BuyFormValues>, bundles: readonly Bundle[]): Bundle | undefined {
  const current = bundles.find((bundle) => bundle.bundle_id === values.bundle_id);
  const ofType = bundlesOfType(bundles, values.bundle_type);
  if (current && (current.bundle_type === values.bundle_type || ofType.length === 0)) return current;
  return ofType[0] ?? bundlesOfType(bundles, bundles[0]?.bundle_type)[0];
}

export function reconcileBuyForm(
  values: Partial<BuyFormValues>,
  catalog: BuyCatalog,
): Partial<BuyFormValues> | undefined {
  const patch: Partial<BuyFormValues> = {};
  let bundle = catalog.bundles?.find((entry) => entry.bundle_id === values.bundle_id);
  let disk = values.system_disk;

  if (catalog.bundles?.length) {
    const picked = pickBundle(values, catalog.bundles);
    if (picked && picked.bundle_id !== values.bundle_id) {
      patch.bundle_id = picked.bundle_id;
      disk = picked.system_disk;
    }
    if (picked && picked.bundle_type !== values.bundle_type) patch.bundle_type = picked.bundle_type;
    bundle = picked;
  } else if (catalog.bundles && values.bundle_id !== undefined) {
    patch.bundle_id = undefined;
  }

  const platforms = catalog.platformTypes;
  if (platforms?.length && !platforms.some((entry) => entry.value === values.platform_type)) {
    patch.platform_type = platforms[0]!.value;
    // The images shown were of a platform not on offer: choose again among the new ones.
    patch.image_id = undefined;
  }

  let image = catalog.images?.find((entry) => entry.image_id === values.image_id);
  if (catalog.images && !isUsableImage(image)) {
    image = defaultImage(catalog.images, bundle);
    if (image?.image_id !== values.image_id) patch.image_id = image?.image_id;
  }

  const minimum = minSystemDisk(image);
  if (!isSystemDisk(disk) || disk < minimum) disk = fitSystemDisk(disk, minimum);
  if (disk !== values.system_disk) patch.system_disk = disk;

  if (catalog.periods?.length && !catalog.periods.some((entry) => entry.period === values.period)) {
    patch.period = catalog.periods[0]!.period;
  }

  if (
    catalog.officeSites &&
    values.office_site_id !== FREE_OFFICE_SITE &&
    !joinableOfficeSites(catalog.officeSites).some((site) => site.office_site_id === values.office_site_id)
  ) {
    patch.office_site_id = FREE_OFFICE_SITE;
  }

  return Object.keys(patch).length ? patch : undefined;
}
