import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Alert, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type Quill from 'quill';
import type { TFunction } from 'i18next';
import { EDITOR_IMAGE_TYPES, UPLOAD_MAX_MB } from '@cloudbay/contracts/core';
import { feedback } from '../lib/feedback';
import { uploadFile } from '../lib/upload';
import { checkUploadFile } from '../lib/upload-rules';
import styles from './rich-text-editor.module.css';

/** RuoYi's editor toolbar (spec §9: headers 1–6, sizes, lists, indent, colour, align, link, image, video). */
const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  ['blockquote', 'code-block'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ['clean'],
  ['link', 'image', 'video'],
];
/** Dropped or pasted images go through the same upload; others are ignored by Quill. */
const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];
/** Quill stands for an empty document with this. */
const EMPTY_DOCUMENT = '<p><br></p>';

// Quill and its stylesheet load with the first editor only, so pages without one never fetch them.
let quillModule: Promise<typeof Quill> | undefined;
function loadQuill(): Promise<typeof Quill> {
  quillModule ??= Promise.all([import('quill'), import('quill/dist/quill.snow.css')]).then(
    ([module]) => module.default,
  );
  // A failed chunk load (a deployment in between) may succeed on the next editor.
  quillModule.catch(() => {
    quillModule = undefined;
  });
  return quillModule;
}

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  /** Called with the HTML after every edit ('' when the document is empty). */
  onChange?: (html: string) => void;
  /** Height of the writing area in px (default 300). */
  height?: number;
  readOnly?: boolean;
  /** Size limit of an inserted image in MB (default 5). */
  fileSize?: number;
  placeholder?: string;
}

/** Names each toolbar control for screen readers and tooltips, and translates the pickers' entries. */
function labelToolbar(toolbar: HTMLElement, t: TFunction<'kit'>): void {
  const tools = t('editor.tools', { returnObjects: true }) as Record<string, string>;
  const name = (element: Element) =>
    [...element.classList]
      .find((c) => c.startsWith('ql-') && c !== 'ql-picker' && c !== 'ql-active')
      ?.slice(3);
  for (const button of toolbar.querySelectorAll('button')) {
    const tool = name(button);
    const value = button.getAttribute('value');
    const label = tools[value ? `${tool}-${value}` : (tool ?? '')] ?? tools[tool ?? ''];
    if (label) {
      button.setAttribute('aria-label', label);
      button.title = label;
    }
  }
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const label = tools[name(picker) ?? ''];
    const pickerLabel = picker.querySelector('.ql-picker-label');
    if (label && pickerLabel) {
      pickerLabel.setAttribute('aria-label', label);
      pickerLabel.setAttribute('title', label);
    }
  }
  // Picker entries show `data-label` when set (quill.snow.css), and the picker's label copies it.
  const entryLabels: Record<string, Record<string, string>> = {
    header: Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((level) => [String(level), t('editor.heading', { level })]),
    ),
    size: { small: t('editor.sizeSmall'), large: t('editor.sizeLarge'), huge: t('editor.sizeHuge') },
  };
  const normal: Record<string, string> = { header: t('editor.normal'), size: t('editor.sizeNormal') };
  for (const [picker, labels] of Object.entries(entryLabels)) {
    for (const element of toolbar.querySelectorAll(
      `.ql-${picker} .ql-picker-item, .ql-${picker} .ql-picker-label`,
    )) {
      const value = element.getAttribute('data-value');
      element.setAttribute('data-label', value ? (labels[value] ?? value) : (normal[picker] ?? ''));
    }
  }
}

/**
 * A rich-text editor on Quill 2 (RuoYi's Editor): the snow toolbar, images uploaded through POST
 * /common/upload (jpeg, jpg, png, svg under `fileSize` MB) and inserted by their URL.
 */
export function RichTextEditor({
  value = '',
  onChange,
  height = 300,
  readOnly = false,
  fileSize = UPLOAD_MAX_MB,
  placeholder,
}: RichTextEditorProps) {
  const { t } = useTranslation('kit');
  const { token } = theme.useToken();
  const hostRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // Uploads picked images into the editor; set once Quill is ready.
  const insertImagesRef = useRef<((files: File[]) => void) | undefined>(undefined);
  // What the editor last reported: a `value` equal to it is our own echo and must not reset the cursor.
  const lastHtml = useRef<string | undefined>(undefined);
  const latest = useRef({ onChange, fileSize, t });
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const resolvedPlaceholder = placeholder ?? t('editor.placeholder');

  useEffect(() => {
    latest.current = { onChange, fileSize, t };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    const uploadImages = async (quill: Quill, files: readonly File[]) => {
      const { t: translate, fileSize: limit } = latest.current;
      for (const file of files) {
        const problem = checkUploadFile(file, { fileType: EDITOR_IMAGE_TYPES, fileSize: limit }, 'editor');
        if (problem) {
          feedback.toast('error', problem);
          continue;
        }
        const closeLoading = feedback.showLoading(translate('upload.imageLoading'));
        try {
          const stored = await uploadFile(file);
          const index = (quill.getSelection(true) ?? { index: quill.getLength() }).index;
          quill.insertEmbed(index, 'image', stored.url, 'user');
          quill.setSelection(index + 1, 0, 'silent');
        } catch {
          feedback.toast('error', translate('upload.editorFailed'));
        } finally {
          closeLoading();
        }
      }
    };

    loadQuill().then(
      (QuillClass) => {
        if (cancelled) return;
        // Quill puts its toolbar before the element it is given: give it one inside our host.
        const element = document.createElement('div');
        host.append(element);
        const quill = new QuillClass(element, {
          theme: 'snow',
          placeholder: resolvedPlaceholder,
          modules: {
            toolbar: { container: TOOLBAR, handlers: { image: () => inputRef.current?.click() } },
            uploader: {
              mimetypes: IMAGE_MIME_TYPES,
              handler: (_range: unknown, files: File[]) => void uploadImages(quill, files),
            },
          },
        });
        element.style.height = `${height}px`;
        const toolbar = host.querySelector<HTMLElement>('.ql-toolbar');
        if (toolbar) labelToolbar(toolbar, latest.current.t);
        quill.on('text-change', () => {
          const html = quill.root.innerHTML === EMPTY_DOCUMENT ? '' : quill.root.innerHTML;
          lastHtml.current = html;
          latest.current.onChange?.(html);
        });
        quillRef.current = quill;
        insertImagesRef.current = (files) => void uploadImages(quill, files);
        setReady(true);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      quillRef.current = null;
      insertImagesRef.current = undefined;
      host.replaceChildren();
      setReady(false);
    };
    // The editor is built once; height and placeholder changes apply below without a rebuild.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastHtml.current) return;
    lastHtml.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [value, ready]);

  useEffect(() => {
    quillRef.current?.enable(!readOnly);
  }, [readOnly, ready]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) return;
    quill.root.dataset.placeholder = resolvedPlaceholder;
    (quill.container as HTMLElement).style.height = `${height}px`;
  }, [resolvedPlaceholder, height, ready]);

  const cssText = (text: string) => JSON.stringify(text);
  const variables = {
    '--rte-border': token.colorBorder,
    '--rte-radius': `${token.borderRadius}px`,
    '--rte-placeholder': token.colorTextPlaceholder,
    '--rte-visit': cssText(t('editor.visit')),
    '--rte-edit': cssText(t('editor.edit')),
    '--rte-remove': cssText(t('editor.remove')),
    '--rte-save': cssText(t('editor.save')),
    '--rte-enter-link': cssText(t('editor.enterLink')),
    '--rte-enter-video': cssText(t('editor.enterVideo')),
  } as CSSProperties;

  return (
    <div
      className={`${styles.editor} ${readOnly ? styles.readOnly : ''}`}
      style={{ ...variables, background: token.colorBgContainer }}
      data-testid="rich-text-editor"
    >
      {failed ? <Alert type="error" showIcon title={t('editor.loadFailed')} /> : null}
      {!ready && !failed ? (
        <Skeleton
          active
          paragraph={{ rows: 4 }}
          aria-label={t('editor.loading')}
          style={{ minHeight: height }}
        />
      ) : null}
      {failed ? null : <div ref={hostRef} />}
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={EDITOR_IMAGE_TYPES.map((type) => `.${type}`).join(',')}
        data-testid="rich-text-editor-image"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that picking the same image again still reports a change.
          event.target.value = '';
          if (files.length > 0) insertImagesRef.current?.(files);
        }}
      />
    </div>
  );
}
