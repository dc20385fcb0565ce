/**
 * Contacts files for POST /user/ph/phone/{id}/import_contacts, read on the server: vCard 2.1, 3.0
 * and 4.0 (.vcf: FN or N, TEL; folded lines, 2.1's quoted-printable, 3.0/4.0 escapes, 4.0's
 * `tel:` URIs) and CSV (.csv: name and phone columns, header optional, quoted fields, comma,
 * semicolon or tab separated). Pure: the text in, the contacts and the count of entries left out.
 */
import { CONTACTS_MAX_ROWS, ErrorCode, type ContactsFileType } from '@cloudbay/contracts';
import { AppError } from '../../lib/errors';
import type { PhoneContact } from '../../providers/cloud/types';

export interface ParsedContacts {
  contacts: PhoneContact[];
  /** Entries without a name or a usable phone number. */
  skipped: number;
}

const NAME_MAX = 200;
const invalidFile = () => new AppError('validation', ErrorCode.CONTACTS_FILE_INVALID);
const tooMany = () => new AppError('validation', ErrorCode.CONTACTS_TOO_MANY, { max: CONTACTS_MAX_ROWS });

/**
 * A dialable number, or undefined: separators (spaces, dashes, dots, parentheses) dropped, an
 * optional leading +, then 3–20 digits.
 */
export function normalisePhoneNumber(value: string): string | undefined {
  const compact = value
    .trim()
    .replace(/^tel:/i, '')
    .replace(/[\s\-.()/]/g, '');
  return /^\+?\d{3,20}$/.test(compact) ? compact : undefined;
}

function contactOf(name: string, phone: string): PhoneContact | undefined {
  const cleanName = name.replace(/\s+/g, ' ').trim();
  const number = normalisePhoneNumber(phone);
  if (cleanName === '' || number === undefined) return undefined;
  return { name: [...cleanName].slice(0, NAME_MAX).join(''), phone: number };
}

// ---------------------------------------------------------------------------------------------
// vCard

interface VcardProperty {
  name: string;
  params: string[];
  value: string;
}

/** Physical lines joined into logical ones: folding (a line starting with a space or tab) and 2.1's soft breaks. */
function logicalLines(text: string): string[] {
  const physical = text.split(/\r\n|\r|\n/);
  const lines: string[] = [];
  for (const line of physical) {
    const previous = lines.length - 1;
    if ((line.startsWith(' ') || line.startsWith('\t')) && previous >= 0) {
      lines[previous] += line.slice(1);
    } else if (
      previous >= 0 &&
      /QUOTED-PRINTABLE/i.test(lines[previous]!) &&
      lines[previous]!.endsWith('=')
    ) {
      // A quoted-printable soft line break: the value goes on.
      lines[previous] = lines[previous]!.slice(0, -1) + line;
    } else {
      lines.push(line);
    }
  }
  return lines;
}

function parseProperty(line: string): VcardProperty | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0) return undefined;
  const [nameWithGroup, ...params] = line.slice(0, colon).split(';');
  // `item1.TEL` → TEL (Apple's groups).
  const name = nameWithGroup!.split('.').pop()!.toUpperCase();
  return { name, params: params.map((param) => param.toUpperCase()), value: line.slice(colon + 1) };
}

/** Quoted-printable text (vCard 2.1) as UTF-8: `=E5=BC=A0` → 张. */
function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** 3.0/4.0 escapes (`\,` `\;` `\n` `\\`); a component list split on unescaped `;`. */
function unescapeComponents(value: string): string[] {
  const parts: string[] = [''];
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) {
      const next = value[i + 1]!;
      parts[parts.length - 1] += next === 'n' || next === 'N' ? ' ' : next;
      i += 1;
    } else if (char === ';') {
      parts.push('');
    } else {
      parts[parts.length - 1] += char;
    }
  }
  return parts;
}

function propertyText(property: VcardProperty): string[] {
  const quoted = property.params.some((param) => param.includes('QUOTED-PRINTABLE'));
  return unescapeComponents(quoted ? decodeQuotedPrintable(property.value) : property.value);
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A display name from N (family;given;additional;prefix;suffix): 张三 for CJK, "John Smith" otherwise. */
function nameFromN(parts: string[]): string {
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = parts.map((part) =>
    part.trim(),
  );
  if (CJK.test(family + given)) return `${family}${given}`;
  return [prefix, given, additional, family, suffix].filter((part) => part !== '').join(' ');
}

/** The contacts of a .vcf file: each card's FN (else N) and first usable TEL. */
export function parseVcf(text: string): ParsedContacts {
  if (!/^BEGIN:VCARD$/im.test(text)) throw invalidFile();
  const contacts: PhoneContact[] = [];
  let skipped = 0;
  let cards = 0;
  let card: { fn?: string; n?: string; phones: string[] } | undefined;
  for (const line of logicalLines(text.replace(/^\uFEFF/, ''))) {
    const property = parseProperty(line.trim());
    if (!property) continue;
    if (property.name === 'BEGIN' && property.value.trim().toUpperCase() === 'VCARD') {
      card = { phones: [] };
      cards += 1;
      if (cards > CONTACTS_MAX_ROWS) throw tooMany();
    } else if (property.name === 'END' && card) {
      const name = card.fn?.trim() || card.n || '';
      const contact = card.phones.map((phone) => contactOf(name, phone)).find((found) => found !== undefined);
      if (contact) contacts.push(contact);
      else skipped += 1;
      card = undefined;
    } else if (card && property.name === 'FN') {
      card.fn = propertyText(property).join(';');
    } else if (card && property.name === 'N') {
      card.n = nameFromN(propertyText(property));
    } else if (card && property.name === 'TEL') {
      card.phones.push(propertyText(property).join(''));
    }
  }
  return { contacts, skipped };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** RFC 4180 rows: quoted fields may hold separators, line breaks and doubled quotes. */
export function csvRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  // Blank lines are no entries.
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

const NAME_HEADER = /^(name|full ?name|display ?name|contact|姓名|名字|名称|联系人)$/i;
const PHONE_HEADER =
  /^(phone|phone ?number|tel|telephone|mobile|cell|手机|手机号|手机号码|电话|电话号码|号码)$/i;

/** The first line's separator: a comma unless the line has none but has semicolons or tabs. */
function separatorOf(firstLine: string): string {
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  return firstLine.includes('\t') ? '\t' : ',';
}

/** The contacts of a .csv file: a header naming the columns, or name then phone. */
export function parseCsv(text: string): ParsedContacts {
  const body = text.replace(/^\uFEFF/, '');
  const rows = csvRows(body, separatorOf(body.split(/\r?\n/, 1)[0] ?? ''));
  let nameColumn = 0;
  let phoneColumn = 1;
  const header = rows[0]?.map((cell) => cell.trim());
  if (header && header.some((cell) => NAME_HEADER.test(cell) || PHONE_HEADER.test(cell))) {
    rows.shift();
    const name = header.findIndex((cell) => NAME_HEADER.test(cell));
    const phone = header.findIndex((cell) => PHONE_HEADER.test(cell));
    if (name >= 0) nameColumn = name;
    if (phone >= 0) phoneColumn = phone;
  }
  if (rows.length > CONTACTS_MAX_ROWS) throw tooMany();
  const contacts: PhoneContact[] = [];
  let skipped = 0;
  for (const row of rows) {
    const contact = contactOf(row[nameColumn] ?? '', row[phoneColumn] ?? '');
    if (contact) contacts.push(contact);
    else skipped += 1;
  }
  return { contacts, skipped };
}

/** A contacts file by its type; 400 CONTACTS_FILE_EMPTY when not one entry can be imported. */
export function parseContactsFile(type: ContactsFileType, text: string): ParsedContacts {
  const parsed = type === 'vcf' ? parseVcf(text) : parseCsv(text);
  if (parsed.contacts.length === 0) throw new AppError('validation', ErrorCode.CONTACTS_FILE_EMPTY);
  return parsed;
}
