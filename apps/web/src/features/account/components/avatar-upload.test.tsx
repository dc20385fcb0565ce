import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getCachedUser, setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { serveSession, testUser } from '../../../test/fixtures';
import { envelope } from '../../../test/mock-adapter';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const FILE_NAME = '2026/05/01/0b3c5a52-6a0e-4c4f-9d59-64c1f1f0c111.png';
const AVATAR_URL = `/api/common/files/${FILE_NAME}`;

function png(name: string, size = 2048): File {
  const file = new File(['\x89PNG'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openProfile(avatar = '') {
  setToken('tok-1');
  serveSession({ user: testUser({ avatar }) });
  const view = renderApp('/user/profile');
  await screen.findByTestId('avatar-upload', {}, { timeout: 5_000 });
  const pick = (file: File) =>
    fireEvent.change(
      screen.getByTestId('profile-account').querySelector('input[type=file]') as HTMLInputElement,
      { target: { files: [file] } },
    );
  return { pick, ...view };
}

describe('the profile avatar', () => {
  it('uploads a picked image, saves it as the avatar and shows the new one', async () => {
    fakeApi.on('POST', '/common/upload', {
      data: {
        ...envelope({ fileName: FILE_NAME, url: AVATAR_URL, originalName: 'me.png', size: 4 }),
        fileName: FILE_NAME,
      },
    });
    fakeApi.ok('PUT', '/user/profile', testUser({ avatar: AVATAR_URL }));
    const { pick } = await openProfile();
    pick(png('me.png'));

    await waitFor(() =>
      expect(screen.getByTestId('profile-avatar').querySelector('img')?.getAttribute('src')).toBe(AVATAR_URL),
    );
    expect(fakeApi.requests('PUT', '/user/profile')[0]?.body).toEqual({ avatar: FILE_NAME });
    expect(getCachedUser()?.avatar).toBe(AVATAR_URL);
    expect(await screen.findByText('头像已更新')).toBeTruthy();
  });

  it('opens the file picker for images on a click, and takes a dropped image', async () => {
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fakeApi.on('POST', '/common/upload', {
      data: {
        ...envelope({ fileName: FILE_NAME, url: AVATAR_URL, originalName: 'me.png', size: 4 }),
        fileName: FILE_NAME,
      },
    });
    fakeApi.ok('PUT', '/user/profile', testUser({ avatar: AVATAR_URL }));
    await openProfile();
    fireEvent.click(screen.getByTestId('avatar-upload'));
    const input = opened.mock.contexts[0] as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.png,.jpg,.jpeg');
    opened.mockRestore();

    fireEvent.drop(screen.getByTestId('avatar-upload'), { dataTransfer: { files: [png('dropped.png')] } });
    await waitFor(() =>
      expect(fakeApi.requests('PUT', '/user/profile')[0]?.body).toEqual({ avatar: FILE_NAME }),
    );
  });

  it('refuses a large image before uploading it', async () => {
    const { pick } = await openProfile();
    pick(png('huge.png', 8 * 1024 * 1024));
    expect(await screen.findByText('上传头像图片大小不能超过 5 MB!')).toBeTruthy();
    expect(fakeApi.requests('POST', '/common/upload')).toHaveLength(0);
    expect(fakeApi.requests('PUT', '/user/profile')).toHaveLength(0);
  });

  it('removes the avatar after a confirmation', async () => {
    fakeApi.ok('PUT', '/user/profile', testUser({ avatar: '' }));
    await openProfile(AVATAR_URL);
    fireEvent.click(screen.getByTestId('avatar-remove'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('确定移除头像吗？').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '移除头像' }));
    await waitFor(() => expect(fakeApi.requests('PUT', '/user/profile')[0]?.body).toEqual({ avatar: '' }));
    await waitFor(() => expect(screen.queryByTestId('avatar-remove')).toBeNull());
    expect(getCachedUser()?.avatar).toBe('');
  });
});
