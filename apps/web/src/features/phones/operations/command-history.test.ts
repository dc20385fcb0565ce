import { describe, expect, it } from 'vitest';
import { NEW_LINE, remember, stepHistory } from './command-history';

describe('the command history', () => {
  const history = ['ls', 'uptime', 'df -h'];

  it('goes to older commands with ↑, back with ↓, and returns the draft past the newest', () => {
    const up1 = stepHistory(history, NEW_LINE, 'getp', 'older');
    expect(up1.text).toBe('df -h');
    const up2 = stepHistory(history, up1.cursor, up1.text, 'older');
    expect(up2.text).toBe('uptime');
    const up3 = stepHistory(history, up2.cursor, up2.text, 'older');
    const up4 = stepHistory(history, up3.cursor, up3.text, 'older');
    // The oldest stays put.
    expect([up3.text, up4.text]).toEqual(['ls', 'ls']);
    const down1 = stepHistory(history, up2.cursor, up2.text, 'newer');
    expect(down1.text).toBe('df -h');
    const down2 = stepHistory(history, down1.cursor, down1.text, 'newer');
    expect(down2).toEqual({ cursor: NEW_LINE, text: 'getp' });
    // ↓ while typing a new line changes nothing.
    expect(stepHistory(history, NEW_LINE, 'x', 'newer')).toEqual({ cursor: NEW_LINE, text: 'x' });
    expect(stepHistory([], NEW_LINE, 'x', 'older')).toEqual({ cursor: NEW_LINE, text: 'x' });
  });

  it('remembers each command once in a row', () => {
    expect(remember(history, 'pwd')).toEqual([...history, 'pwd']);
    expect(remember(history, 'df -h')).toEqual(history);
  });
});
