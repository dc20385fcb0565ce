/**
 * Android versions of the simulated cloud's phone images. Its images are named by their version
 * (`ph-img-android13`, the ids the catalogue sells); an image it cannot read is taken as 12.
 */
export function androidVersionOf(imageId: string): string {
  return /android(\d{1,2})/i.exec(imageId)?.[1] ?? '12';
}

/** Android's API level of a version (`ro.build.version.sdk`). */
export function sdkLevelOf(androidVersion: string): number {
  const levels: Record<string, number> = {
    '9': 28,
    '10': 29,
    '11': 30,
    '12': 31,
    '13': 33,
    '14': 34,
    '15': 35,
  };
  return levels[androidVersion] ?? 31;
}
