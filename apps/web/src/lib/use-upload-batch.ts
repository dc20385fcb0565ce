/**
 * The upload behaviour FileUpload and ImageUpload share (spec §4 Uploads, §5, §8): every batch the
 * user picks is checked (count for the whole batch, then type and size per file), the valid files go
 * up together under a loading overlay, and only when the whole batch has finished does the value
 * change, once. A file that fails leaves the list at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadFile } from 'antd';
import { feedback } from './feedback';
import { displayFileName, fileUrl, needsFailureMessage, toFileList, toFileValue, uploadFile } from './upload';
import { checkUploadCount, checkUploadFile, type UploadKind, type UploadRules } from './upload-rules';

/** A file on its way up. */
export interface PendingUpload {
  uid: string;
  name: string;
}

export interface UploadBatchOptions extends UploadRules {
  value: string | readonly string[] | null | undefined;
  /** Called once per batch with the new comma-separated value and the same as a list. */
  onChange?: (value: string, list: string[]) => void;
  /** How many files the field holds at most; 0 for no limit. */
  limit: number;
  kind: Extract<UploadKind, 'file' | 'image'>;
  /** The overlay text while a batch is running. */
  loadingText: string;
  /** The message for a file that could not reach the server. */
  failedText: string;
}

export interface UploadBatch {
  /** The stored names the field holds. */
  files: string[];
  /** Files of the running batch, not yet in `files`. */
  pending: PendingUpload[];
  /** Original names of files uploaded here, by stored name (a stored name alone reads badly). */
  originalNames: ReadonlyMap<string, string>;
  /** Checks and uploads a batch the user picked. */
  upload(batch: readonly File[]): Promise<void>;
  /** Takes a file out of the field. */
  remove(fileName: string): void;
  /** The list antd's Upload shows: stored files (images with their URL), then the batch on its way. */
  fileList: UploadFile[];
  /** No room for another file. */
  full: boolean;
}

let nextUid = 0;

export function useUploadBatch(options: UploadBatchOptions): UploadBatch {
  const { value, onChange, limit, kind, loadingText, failedText, fileType, fileSize } = options;
  // Without a `value` the field keeps its own (a form field passes both).
  const [ownValue, setOwnValue] = useState<string[]>([]);
  const files = value === undefined ? ownValue : toFileList(value);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [originalNames, setOriginalNames] = useState<ReadonlyMap<string, string>>(new Map());

  // The batch ends after an await; it must append to the value as it is then, not as it was.
  const latest = useRef({ files, onChange });
  useEffect(() => {
    latest.current = { files, onChange };
  });

  const emit = useCallback((list: string[]) => {
    setOwnValue(list);
    latest.current.onChange?.(toFileValue(list), list);
  }, []);

  const upload = useCallback(
    async (batch: readonly File[]) => {
      const countProblem = checkUploadCount(latest.current.files.length, batch.length, limit);
      if (countProblem) {
        feedback.toast('error', countProblem);
        return;
      }
      const accepted: Array<{ file: File; uid: string }> = [];
      for (const file of batch) {
        const problem = checkUploadFile(file, { fileType, fileSize }, kind);
        if (problem) feedback.toast('error', problem);
        else accepted.push({ file, uid: `upload-${(nextUid += 1)}` });
      }
      if (accepted.length === 0) return;

      setPending((current) => [...current, ...accepted.map(({ file, uid }) => ({ uid, name: file.name }))]);
      const closeLoading = feedback.showLoading(loadingText);
      const stored: Array<{ fileName: string; originalName: string; index: number }> = [];
      try {
        await Promise.all(
          accepted.map(async ({ file, uid }, index) => {
            try {
              const answer = await uploadFile(file);
              stored.push({
                fileName: answer.fileName,
                originalName: answer.originalName || file.name,
                index,
              });
            } catch (error) {
              if (needsFailureMessage(error)) feedback.toast('error', failedText);
              // Spec §4: a failed file leaves the list while the others carry on.
              setPending((current) => current.filter((item) => item.uid !== uid));
            }
          }),
        );
      } finally {
        closeLoading();
      }
      // Keep the order the user picked them in, whatever order the answers came in.
      stored.sort((a, b) => a.index - b.index);
      const uids = new Set(accepted.map(({ uid }) => uid));
      setPending((current) => current.filter((item) => !uids.has(item.uid)));
      if (stored.length === 0) return;
      setOriginalNames((current) => {
        const next = new Map(current);
        for (const item of stored) next.set(item.fileName, item.originalName);
        return next;
      });
      emit([...latest.current.files, ...stored.map((item) => item.fileName)]);
    },
    [emit, failedText, fileSize, fileType, kind, limit, loadingText],
  );

  const remove = useCallback(
    (fileName: string) => emit(latest.current.files.filter((item) => item !== fileName)),
    [emit],
  );

  const fileList: UploadFile[] = [
    ...files.map((fileName): UploadFile => ({
      uid: fileName,
      name: originalNames.get(fileName) ?? displayFileName(fileName),
      status: 'done',
      ...(kind === 'image' ? { url: fileUrl(fileName) } : {}),
    })),
    ...pending.map((item): UploadFile => ({ uid: item.uid, name: item.name, status: 'uploading' })),
  ];
  const full = limit > 0 && files.length + pending.length >= limit;

  return { files, pending, originalNames, upload, remove, fileList, full };
}
