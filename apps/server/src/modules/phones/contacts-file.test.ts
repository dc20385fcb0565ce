import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors';
import { csvRows, normalisePhoneNumber, parseContactsFile, parseCsv, parseVcf } from './contacts-file';

/** The error code a parse throws. */
function codeOf(parse: () => unknown): string | undefined {
  try {
    parse();
  } catch (error) {
    return isAppError(error) ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('normalisePhoneNumber', () => {
  it('keeps digits and a leading +, refuses what cannot be dialled', () => {
    expect(normalisePhoneNumber(' +86 138-0013-8000 ')).toBe('+8613800138000');
    expect(normalisePhoneNumber('(555) 010.2030')).toBe('5550102030');
    expect(normalisePhoneNumber('tel:+1-555-010-2030')).toBe('+15550102030');
    expect(normalisePhoneNumber('12')).toBeUndefined();
    expect(normalisePhoneNumber('call me')).toBeUndefined();
    expect(normalisePhoneNumber('+86+138')).toBeUndefined();
  });
});

describe('parseVcf', () => {
  it('reads vCard 3.0 with FN, folded lines and escapes', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Smith;John;;;',
      'FN:John Smith\\, Jr.',
      'TEL;TYPE=CELL:+1 555 010',
      ' 2030',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:No Number',
      'EMAIL:nobody@example.com',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVcf(text)).toEqual({
      contacts: [{ name: 'John Smith, Jr.', phone: '+15550102030' }],
      skipped: 1,
    });
  });

  it('reads vCard 2.1 quoted-printable names and builds a name from N when FN is absent', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=BC=A0;=E4=B8=89;;;',
      'TEL;CELL:13800138000',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:2.1',
      'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E6=9D=8E=',
      '=E5=9B=9B',
      'TEL;HOME:010-12345678',
      'END:VCARD',
    ].join('\n');
    expect(parseVcf(text).contacts).toEqual([
      { name: '张三', phone: '13800138000' },
      { name: '李四', phone: '01012345678' },
    ]);
  });

  it('reads vCard 4.0 tel: URIs, grouped properties and takes the first usable number', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'N:Doe;Jane;;Dr.;',
      'item1.TEL;VALUE=uri;TYPE="voice,cell":tel:+44-20-7946-0958',
      'TEL:not a number',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVcf(text)).toEqual({
      contacts: [{ name: 'Dr. Jane Doe', phone: '+442079460958' }],
      skipped: 0,
    });
  });

  it('refuses a file without a card, and an empty one through parseContactsFile', () => {
    expect(codeOf(() => parseVcf('name,phone\nA,123456'))).toBe('CONTACTS_FILE_INVALID');
    expect(codeOf(() => parseContactsFile('vcf', 'BEGIN:VCARD\nFN:Only a name\nEND:VCARD\n'))).toBe(
      'CONTACTS_FILE_EMPTY',
    );
  });

  it('refuses more than 5000 cards', () => {
    const card = 'BEGIN:VCARD\nFN:A\nTEL:123456\nEND:VCARD\n';
    expect(parseVcf(card.repeat(5000)).contacts).toHaveLength(5000);
    expect(codeOf(() => parseVcf(card.repeat(5001)))).toBe('CONTACTS_TOO_MANY');
  });
});

describe('parseCsv', () => {
  it('splits quoted fields with separators, quotes and line breaks', () => {
    expect(csvRows('a,"b,1","say ""hi""",\r\n"multi\nline",x\n\n', ',')).toEqual([
      ['a', 'b,1', 'say "hi"', ''],
      ['multi\nline', 'x'],
    ]);
  });

  it('reads name,phone without a header and counts unusable rows', () => {
    expect(parseCsv('张三,138 0013 8000\n"Smith, John",+1 (555) 010-2030\n,123456\nBob,\n')).toEqual({
      contacts: [
        { name: '张三', phone: '13800138000' },
        { name: 'Smith, John', phone: '+15550102030' },
      ],
      skipped: 2,
    });
  });

  it('finds the columns by a header in either language, with a BOM and semicolons', () => {
    expect(parseCsv('\uFEFFemail;手机号;姓名\na@x.cn;13900000000;王五\n').contacts).toEqual([
      { name: '王五', phone: '13900000000' },
    ]);
    expect(parseCsv('Phone,Name\n5550102030,Ann\n').contacts).toEqual([{ name: 'Ann', phone: '5550102030' }]);
  });

  it('refuses more than 5000 rows and a file without one usable row', () => {
    expect(codeOf(() => parseCsv('A,123456\n'.repeat(5001)))).toBe('CONTACTS_TOO_MANY');
    expect(codeOf(() => parseContactsFile('csv', 'name,phone\n'))).toBe('CONTACTS_FILE_EMPTY');
  });
});
