import { APP_MAX_UPLOAD_MB_DEFAULT, APP_MAX_UPLOAD_SETTING } from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import { sysConfigs } from '../../../db/schema';

/** The app centre's setting: the APK size limit, editable under 参数设置 and read at each upload. */
export async function seedPhoneAppReferenceData(db: Db): Promise<void> {
  await db
    .insert(sysConfigs)
    .values({
      key: APP_MAX_UPLOAD_SETTING,
      name: 'APK upload limit (MB)',
      value: String(APP_MAX_UPLOAD_MB_DEFAULT),
      isBuiltin: true,
      remark: 'The largest APK customers and operators may upload to the app centre, in MB.',
    })
    .onConflictDoNothing({ target: sysConfigs.key });
}
