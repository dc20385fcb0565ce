import { describe, expect, it } from 'vitest';
import { EDITOR_IMAGE_TYPES, UPLOAD_FILE_TYPES, UPLOAD_IMAGE_TYPES } from '@cloudbay/contracts/core';
import { i18n } from './i18n';
import {
  checkUploadCount,
  checkUploadFile,
  fileExtension,
  isAllowedType,
  isWithinSize,
} from './upload-rules';
import { displayFileName, fileUrl, toFileList, toFileValue } from './upload';

const MB = 1024 * 1024;
const fileRules = { fileType: UPLOAD_FILE_TYPES, fileSize: 5 };
const imageRules = { fileType: UPLOAD_IMAGE_TYPES, fileSize: 5 };
const editorRules = { fileType: EDITOR_IMAGE_TYPES, fileSize: 5 };

describe('upload rules', () => {
  it('reads the extension in lower case, ignoring folders and dot-files', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('dir.v2/README')).toBe('');
    expect(fileExtension('.env')).toBe('');
  });

  it('allows only the listed extensions, any when the list is empty', () => {
    expect(isAllowedType('a.doc', UPLOAD_FILE_TYPES)).toBe(true);
    expect(isAllowedType('a.docx', UPLOAD_FILE_TYPES)).toBe(false);
    expect(isAllowedType('a.exe', [])).toBe(true);
  });

  it('wants sizes strictly under the limit, none with 0', () => {
    expect(isWithinSize(5 * MB - 1, 5)).toBe(true);
    expect(isWithinSize(5 * MB, 5)).toBe(false);
    expect(isWithinSize(500 * MB, 0)).toBe(true);
  });

  it('words the file list messages as spec §5 does', () => {
    expect(checkUploadFile({ name: 'a.png', size: 1 }, fileRules, 'file')).toBe(
      '文件格式不正确, 请上传doc/xls/ppt/txt/pdf格式文件!',
    );
    expect(checkUploadFile({ name: 'a.pdf', size: 6 * MB }, fileRules, 'file')).toBe(
      '上传文件大小不能超过 5 MB!',
    );
    expect(checkUploadFile({ name: 'a.pdf', size: MB }, fileRules, 'file')).toBeUndefined();
  });

  it('words the image messages as spec §5 does', () => {
    expect(checkUploadFile({ name: 'a.gif', size: 1 }, imageRules, 'image')).toBe(
      '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!',
    );
    expect(checkUploadFile({ name: 'a.jpeg', size: 5 * MB }, { ...imageRules, fileSize: 2 }, 'image')).toBe(
      '上传头像图片大小不能超过 2 MB!',
    );
  });

  it('words the editor messages as spec §5 does', () => {
    expect(checkUploadFile({ name: 'a.gif', size: 1 }, editorRules, 'editor')).toBe('图片格式错误!');
    expect(checkUploadFile({ name: 'a.svg', size: 9 * MB }, editorRules, 'editor')).toBe(
      '上传文件大小不超过 5 MB!',
    );
    expect(checkUploadFile({ name: 'a.svg', size: MB }, editorRules, 'editor')).toBeUndefined();
  });

  it('refuses a batch that passes the count limit', () => {
    expect(checkUploadCount(3, 2, 5)).toBeUndefined();
    expect(checkUploadCount(4, 2, 5)).toBe('上传文件数量不能超过 5 个!');
    expect(checkUploadCount(40, 20, 0)).toBeUndefined();
  });

  it('has the English wording too', async () => {
    await i18n.changeLanguage('en-US');
    expect(checkUploadCount(5, 1, 5)).toBe('You can upload at most 5 files!');
    expect(checkUploadFile({ name: 'a.gif', size: 1 }, editorRules, 'editor')).toBe('Invalid image format!');
  });
});

describe('upload values', () => {
  it('splits and joins comma-separated values', () => {
    expect(toFileList('a.pdf, b.pdf,,')).toEqual(['a.pdf', 'b.pdf']);
    expect(toFileList(['x.png'])).toEqual(['x.png']);
    expect(toFileList(null)).toEqual([]);
    expect(toFileValue(['a.pdf', 'b.pdf'])).toBe('a.pdf,b.pdf');
  });

  it('serves stored names from the files route and leaves URLs alone', () => {
    expect(fileUrl('2026/05/01/x.png')).toBe('/api/common/files/2026/05/01/x.png');
    expect(fileUrl('/api/common/files/2026/05/01/x.png')).toBe('/api/common/files/2026/05/01/x.png');
    expect(fileUrl('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
    expect(displayFileName('2026/05/01/x.png?v=2')).toBe('x.png');
  });
});
