/**
 * Copy to the clipboard (spec §8: 'copy succeeded'). The asynchronous Clipboard API needs a secure
 * context (https or localhost) and may be refused; a selected off-screen textarea and
 * `execCommand('copy')` still work in plain-http deployments and older browsers.
 */
import { feedback } from './feedback';
import { i18n } from './i18n';

function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  // Read-only and off-screen: no keyboard pops up on phones and nothing flashes on screen.
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  textarea.focus();
  textarea.select();
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  textarea.remove();
  if (previous && selection) {
    selection.removeAllRanges();
    selection.addRange(previous);
  }
  return copied;
}

/** Puts `text` on the clipboard without telling the user; true when it got there. */
export async function writeClipboard(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText && window.isSecureContext !== false) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, focus): the textarea route below may still work.
    }
  }
  return copyWithTextarea(text);
}

/** Copies `text` and says whether it worked ('copy succeeded' or 'copy failed'). */
export async function copyText(text: string): Promise<boolean> {
  const copied = await writeClipboard(text);
  if (copied) feedback.toast('success', i18n.t('kit:copy.succeeded'));
  else feedback.toast('error', i18n.t('kit:copy.failed'));
  return copied;
}
