/**
 * Cloud strategy (spec §3 Policy, §5): what a desktop's user may carry across the connection —
 * the clipboard, local disk mapping and USB redirection. Every customer has a default policy
 * (new desktops get it) that cannot be edited or deleted; others are the customer's own.
 */
import { z } from 'zod';
import { resourceIdField } from './desktops';
import { MAX_BATCH_DESKTOPS } from './desktop-constants';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { POLICY_CLIPBOARD_MODES, POLICY_LOCAL_DRIVE_MODES } from './policy-constants';

export const policyListQuery = pageQuery.extend({ name: optional(z.string().trim().max(64)) });
export type PolicyListQuery = z.input<typeof policyListQuery>;

export const policySchema = z.object({
  policy_id: z.string(),
  name: z.string(),
  clipboard: z.enum(POLICY_CLIPBOARD_MODES),
  local_drive: z.enum(POLICY_LOCAL_DRIVE_MODES),
  usb_redirect: z.boolean(),
  is_default: z.boolean(),
  /** Live desktops using it. */
  desktop_count: z.number().int(),
  created_at: z.string(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyPageSchema = pageOf(policySchema);
export type PolicyPage = z.infer<typeof policyPageSchema>;

export const policyIdParams = z.object({ policy_id: resourceIdField });

/** POST /user/policy and PUT /user/policy/{policy_id}. */
export const policyBody = z.object({
  name: z.string().trim().min(2).max(64),
  clipboard: z.enum(POLICY_CLIPBOARD_MODES),
  local_drive: z.enum(POLICY_LOCAL_DRIVE_MODES),
  usb_redirect: z.boolean(),
});
export type PolicyBody = z.infer<typeof policyBody>;

/** PUT /user/policy/{policy_id}/desktops: give the policy to these desktops (running or shut down). */
export const policyAssignBody = z.object({
  desktop_ids: z
    .array(resourceIdField)
    .min(1, { error: ErrorCode.SELECTION_REQUIRED })
    .max(MAX_BATCH_DESKTOPS),
});
export type PolicyAssignBody = z.infer<typeof policyAssignBody>;
