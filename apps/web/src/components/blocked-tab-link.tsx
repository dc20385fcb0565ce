import type { ReactNode } from 'react';
import type { App } from 'antd';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

export interface BlockedTabLink {
  url: string;
  /** Translated: the dialog's title, why it shows, the link's text and the close button. */
  texts: { title: string; hint: string; open: string; close: string };
  testId: string;
  /** More under the link, e.g. where the client is downloaded. */
  extra?: ReactNode;
}

/**
 * The page a blocked tab was for, as a link in a dialog (`openPendingTab` answered false): a click
 * of the reader's own opens it, which no browser blocks.
 */
export function offerBlockedTabLink(modal: ModalApi, { url, texts, testId, extra }: BlockedTabLink) {
  return modal.info({
    title: texts.title,
    content: (
      <>
        <p>{texts.hint}</p>
        <a href={url} target="_blank" rel="noreferrer" data-testid={testId}>
          {texts.open}
        </a>
        {extra}
      </>
    ),
    okText: texts.close,
  });
}
