import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { testUser } from '../../../test/fixtures';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows the first letter of the name, upper-cased, in a circle of the given size', () => {
    render(<UserAvatar user={testUser({ nickname: 'ada', avatar: '' })} size={28} />);
    const avatar = screen.getByTestId('user-avatar');
    expect(avatar.textContent).toBe('A');
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.style.width).toBe('28px');
    expect(avatar.style.height).toBe('28px');
  });

  it('takes the e-mail when there is no nickname', () => {
    render(<UserAvatar user={testUser({ nickname: '', email: 'zoe@example.com', avatar: '' })} size={40} />);
    expect(screen.getByTestId('user-avatar').textContent).toBe('Z');
  });

  it('shows the picture, the letter when it fails to load, and tries a new picture again', () => {
    const user = testUser({ nickname: 'ada', avatar: '/profile/a.png' });
    const { rerender } = render(<UserAvatar user={user} size={28} />);
    const avatar = screen.getByTestId('user-avatar');
    const img = avatar.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/profile/a.png');
    expect(avatar.textContent).toBe('');

    fireEvent.error(img as HTMLImageElement);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.textContent).toBe('A');

    rerender(<UserAvatar user={{ ...user, avatar: '/profile/b.png' }} size={28} />);
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/profile/b.png');
  });
});
