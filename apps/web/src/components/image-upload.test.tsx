import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import { fakeApi } from '../test/fake-api';
import { bindFakeFeedback } from '../test/fake-feedback';
import { envelope, networkFailure } from '../test/mock-adapter';
import { ImageUpload, type ImageUploadProps } from './image-upload';

vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

function png(name: string, size = 2048): File {
  const file = new File(['\x89PNG'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderUpload(props: Partial<ImageUploadProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <Providers>
      <ImageUpload onChange={onChange} {...props} />
    </Providers>,
  );
  const pick = (files: File[]) =>
    fireEvent.change(view.container.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files },
    });
  return { onChange, pick, ...view };
}

describe('ImageUpload', () => {
  let fake: ReturnType<typeof bindFakeFeedback>;
  beforeEach(() => {
    fake = bindFakeFeedback();
  });
  afterEach(() => fake.unbind());

  it('uploads images under the image overlay text and shows them as cards', async () => {
    const fileName = '2026/05/01/0b3c5a52-6a0e-4c4f-9d59-64c1f1f0c111.png';
    fakeApi.on('POST', '/common/upload', {
      data: {
        ...envelope({ fileName, url: `/api/common/files/${fileName}`, originalName: 'logo.png', size: 4 }),
        fileName,
      },
    });
    const { onChange, pick, rerender } = renderUpload();
    pick([png('logo.png')]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(fileName, [fileName]));
    expect(fake.showLoading).toHaveBeenCalledWith('正在上传图片，请稍候...');
    rerender(
      <Providers>
        <ImageUpload value={fileName} limit={1} />
      </Providers>,
    );
    expect(screen.getByRole('img', { name: 'logo.png' }).getAttribute('src')).toBe(
      `/api/common/files/${fileName}`,
    );
    // At the limit the add card goes away.
    expect(screen.queryByTestId('image-upload-pick')).toBeNull();
  });

  it('uses the image wording for size and type and "upload image failed" for transport errors', async () => {
    fakeApi.on('POST', '/common/upload', () => {
      throw networkFailure();
    });
    const { onChange, pick } = renderUpload();
    pick([png('big.png', 5 * 1024 * 1024)]);
    await waitFor(() => expect(fake.toast).toHaveBeenCalledWith('error', '上传头像图片大小不能超过 5 MB!'));
    pick([png('doc.pdf')]);
    await waitFor(() =>
      expect(fake.toast).toHaveBeenCalledWith('error', '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!'),
    );
    pick([png('ok.jpg')]);
    await waitFor(() => expect(fake.toast).toHaveBeenCalledWith('error', '上传图片失败'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('previews an image in an 800 px dialog', async () => {
    renderUpload({ value: 'https://cdn.example.com/banner.png' });
    fireEvent.click(screen.getByTitle('预览文件'));
    const image = await screen.findByTestId('image-preview');
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/banner.png');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('800px');
  });
});
