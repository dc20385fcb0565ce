import { describe, expect, it } from 'vitest';
import { isEmail, passwordProblem } from './account-rules';

describe('passwordProblem', () => {
  it.each([
    ['Abcdef1!', null],
    ['abcdef12!', null], // lower, digit, special
    ['ABCDEF12a', null], // upper, digit, lower
    ['Abcdefgh!', null], // upper, lower, special
    ['Abc1!', 'length'],
    ['A'.repeat(30) + 'a'.repeat(30) + '1234!', 'length'],
    ['Abcd ef1!', 'spaces'],
    ['Abcdef1!\t', 'spaces'],
    ['abcdefgh', 'classes'],
    ['abcdefg1', 'classes'],
    ['ABCDEFG!', 'classes'],
    ['12345678!', 'classes'],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('counts characters, not UTF-16 units, and accepts 64', () => {
    expect(passwordProblem('Aa1!' + 'x'.repeat(60))).toBeNull();
    expect(passwordProblem('Aa1!' + 'x'.repeat(61))).toBe('length');
    expect(passwordProblem('Aa1😀😀😀😀😀')).toBeNull(); // 8 characters, 13 UTF-16 units
    expect(passwordProblem('Aa1😀😀😀😀')).toBe('length');
  });
});

describe('isEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@mail.example.com', true],
    ['no-at.example.com', false],
    ['a@b', false],
    ['a b@c.de', false],
    [`${'a'.repeat(250)}@b.co`, false],
  ])('%s → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});
