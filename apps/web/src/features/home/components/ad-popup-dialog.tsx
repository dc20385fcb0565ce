import { useEffect, useState } from 'react';
import { Button, Flex, Modal, theme } from 'antd';
import type { AdPopup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useAdPopup } from '../api/get-ad-popup';
import { useSysNotices } from '../../notices/api/list-sys-notices';
import { hasSeenAdPopup, rememberAdPopup } from '../ad-popup-memory';
import { contentTarget } from '../content-link';
import { ContentButton } from './content-link';

/** The pop-up's body as customers see it (also the operators' preview). */
export function AdContent({ popup }: { popup: NonNullable<AdPopup> }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small">
      {popup.image ? (
        <img
          src={popup.image}
          alt=""
          style={{ width: '100%', maxHeight: 280, objectFit: 'cover', borderRadius: token.borderRadiusLG }}
        />
      ) : null}
      <h2
        style={{
          margin: `${token.marginXS}px 0 0`,
          fontSize: token.fontSizeHeading4,
          lineHeight: token.lineHeightHeading4,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
          wordBreak: 'break-word',
        }}
      >
        {popup.title}
      </h2>
      {popup.content ? (
        <p
          style={{
            margin: 0,
            color: token.colorTextSecondary,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {popup.content}
        </p>
      ) : null}
    </Flex>
  );
}

/**
 * The home pop-up (GET /ad_popup): each version shows once in this browser, remembered as soon as
 * it shows, so a reload does not bring it back. Unread announcements come first: it waits until
 * they are read rather than stack a second dialog on theirs.
 */
export function AdPopupDialog() {
  const { t } = useTranslation('home');
  // The announcement dialog's own query: it waits for the answer, then for it to be emptied.
  const { data: announcements } = useSysNotices();
  const announcementsPending = announcements === undefined || announcements.length > 0;
  const { data: popup } = useAdPopup(!announcementsPending);
  // Whether to show is decided once per version, when it arrives; remembering it afterwards must
  // not close it while it is on screen.
  const [decision, setDecision] = useState<{ popup: NonNullable<AdPopup>; show: boolean }>();
  const [open, setOpen] = useState(true);
  if (popup && decision?.popup.version !== popup.version) {
    setDecision({ popup, show: !hasSeenAdPopup(popup.version) });
  }

  useEffect(() => {
    if (decision?.show) rememberAdPopup(decision.popup.version);
  }, [decision]);

  if (!decision?.show) return null;
  const shown = decision.popup;
  const target = contentTarget(shown.link);
  const close = () => setOpen(false);

  return (
    <Modal
      open={open}
      title={null}
      // Its own button closes it (as do Esc and the mask): a corner cross would sit on the picture.
      closable={false}
      onCancel={close}
      width={480}
      centered
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={close}>{t('ad.close')}</Button>
          {target ? (
            <ContentButton target={target} type="primary" onClickCapture={close} data-testid="ad-popup-open">
              {t('ad.open')}
            </ContentButton>
          ) : null}
        </Flex>
      }
      modalRender={(panel) => <div data-testid="ad-popup">{panel}</div>}
    >
      <AdContent popup={shown} />
    </Modal>
  );
}
