import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import { fakeApi } from '../test/fake-api';
import { bindFakeFeedback } from '../test/fake-feedback';
import { envelope } from '../test/mock-adapter';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

function image(name: string, size = 1024): File {
  const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], name, { type: 'image/svg+xml' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function renderEditor(props: Partial<RichTextEditorProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <Providers>
      <RichTextEditor onChange={onChange} {...props} />
    </Providers>,
  );
  const editor = await waitFor(() => {
    const root = view.container.querySelector<HTMLElement>('.ql-editor');
    if (!root) throw new Error('Quill has not started yet');
    return root;
  });
  return { onChange, editor, ...view };
}

describe('RichTextEditor', () => {
  let fake: ReturnType<typeof bindFakeFeedback>;
  beforeEach(() => {
    fake = bindFakeFeedback();
  });
  afterEach(() => fake.unbind());

  it('offers the toolbar of spec §9 with named controls and the translated placeholder', async () => {
    const { editor, container } = await renderEditor();
    expect(editor.dataset.placeholder).toBe('请输入内容');
    for (const tool of [
      'header',
      'size',
      'list',
      'indent',
      'color',
      'background',
      'align',
      'link',
      'image',
      'video',
    ]) {
      expect(container.querySelector(`.ql-toolbar .ql-${tool}`), tool).not.toBeNull();
    }
    const headings = [...container.querySelectorAll('.ql-header .ql-picker-item')].map((item) =>
      item.getAttribute('data-label'),
    );
    expect(headings).toEqual(['标题 1', '标题 2', '标题 3', '标题 4', '标题 5', '标题 6', '正文']);
    expect(screen.getByRole('button', { name: '加粗' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '有序列表' })).toBeTruthy();
  });

  it('shows the given HTML and follows later values without reporting them as edits', async () => {
    const { editor, onChange, rerender } = await renderEditor({
      value: '<p>Hello <strong>world</strong></p>',
    });
    await waitFor(() => expect(editor.innerHTML).toBe('<p>Hello <strong>world</strong></p>'));
    rerender(
      <Providers>
        <RichTextEditor onChange={onChange} value="<h2>Title</h2>" />
      </Providers>,
    );
    await waitFor(() => expect(editor.innerHTML).toBe('<h2>Title</h2>'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a picked image and inserts its URL', async () => {
    const fileName = '2026/05/01/0b3c5a52-6a0e-4c4f-9d59-64c1f1f0c111.svg';
    const url = `/api/common/files/${fileName}`;
    fakeApi.on('POST', '/common/upload', {
      data: { ...envelope({ fileName, url, originalName: 'logo.svg', size: 40 }), fileName },
    });
    const { onChange, editor } = await renderEditor();
    fireEvent.change(screen.getByTestId('rich-text-editor-image'), {
      target: { files: [image('logo.svg')] },
    });
    await waitFor(() => expect(editor.querySelector('img')?.getAttribute('src')).toBe(url));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining(`<img src="${url}">`));
    expect(fake.closeLoading).toHaveBeenCalledOnce();
  });

  it('refuses other image types and large images, and says when the insertion failed', async () => {
    fakeApi.fail('POST', '/common/upload', 415, 'refused');
    await renderEditor({ fileSize: 2 });
    const input = screen.getByTestId('rich-text-editor-image');
    fireEvent.change(input, { target: { files: [image('anim.gif')] } });
    expect(fake.toast).toHaveBeenLastCalledWith('error', '图片格式错误!');
    fireEvent.change(input, { target: { files: [image('big.png', 3 * 1024 * 1024)] } });
    expect(fake.toast).toHaveBeenLastCalledWith('error', '上传文件大小不超过 2 MB!');
    expect(fakeApi.requests('POST', '/common/upload')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [image('ok.png')] } });
    await waitFor(() => expect(fake.toast).toHaveBeenLastCalledWith('error', '图片插入失败'));
  });
});
