import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './sanitize';

describe('sanitizeNoticeHtml', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h2 class="ql-align-center">Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br /></p>' +
      '<ol><li class="ql-indent-1">one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote><pre>code</pre>' +
      '<p style="text-align:right"><span style="color:rgb(230, 0, 0);background-color:#ffff00">x</span></p>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, unknown tags and every event handler', () => {
    const html =
      '<p onclick="steal()" onmouseover="x()">a<script>alert(1)</script></p><style>p{}</style>' +
      '<svg onload="alert(1)"><circle /></svg><div>d</div><form action="/x"><input /></form>';
    expect(sanitizeNoticeHtml(html)).toBe('<p>a</p>d');
  });

  it('limits classes to ql-* and styles to colour and alignment', () => {
    expect(sanitizeNoticeHtml('<p class="ql-size-large evil">a</p>')).toBe('<p class="ql-size-large">a</p>');
    expect(
      sanitizeNoticeHtml(
        '<p style="position:fixed;color:red;background-image:url(https://x.example/a.png);text-align:center">a</p>',
      ),
    ).toBe('<p style="text-align:center">a</p>');
    expect(sanitizeNoticeHtml('<span style="color:expression(alert(1))">a</span>')).toBe('<span>a</span>');
  });

  it('allows http, https and mailto links only, opened in a new tab without an opener', () => {
    expect(sanitizeNoticeHtml('<a href="https://cloudbay.example" target="_self">x</a>')).toBe(
      '<a href="https://cloudbay.example" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeNoticeHtml('<a href="mailto:support@cloudbay.example">m</a>')).toContain(
      'href="mailto:support@cloudbay.example"',
    );
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '/cloud/buy']) {
      expect(sanitizeNoticeHtml(`<a href="${href}">x</a>`)).toBe('x');
    }
  });

  it('allows https images and uploaded files only', () => {
    expect(sanitizeNoticeHtml('<img src="https://cdn.example/a.png" alt="a" onerror="x()" />')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" />',
    );
    expect(sanitizeNoticeHtml('<img src="/api/common/files/2026/11/22/a.png" />')).toBe(
      '<img src="/api/common/files/2026/11/22/a.png" />',
    );
    for (const src of [
      'http://cdn.example/a.png',
      '//evil.example/a.png',
      '/other/a.png',
      'data:image/png;base64,AA',
    ]) {
      expect(sanitizeNoticeHtml(`<img src="${src}" />`)).toBe('');
    }
  });

  it('allows https videos embedded by the editor and no other frame', () => {
    const video =
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/x"></iframe>';
    expect(sanitizeNoticeHtml(video)).toBe(video);
    expect(sanitizeNoticeHtml('<iframe src="https://evil.example"></iframe>')).toBe('');
    expect(sanitizeNoticeHtml('<iframe class="ql-video" src="http://video.example/x"></iframe>')).toBe('');
    expect(sanitizeNoticeHtml('<iframe class="ql-video" src="javascript:alert(1)"></iframe>')).toBe('');
  });
});
