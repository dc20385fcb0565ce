import { Flex, theme } from 'antd';
import type { Phone } from '@cloudbay/contracts';

/** The phone a tool acts on, by its name (display name first) and id, as the tools' dialogs head it. */
export function PhoneTarget({ phone }: { phone: Phone }) {
  const { token } = theme.useToken();
  return (
    <Flex
      gap={8}
      align="baseline"
      wrap
      data-testid="phone-target"
      style={{ padding: '8px 12px', background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
    >
      <span style={{ fontWeight: token.fontWeightStrong }}>{phone.display_name || phone.name}</span>
      <span style={{ color: token.colorTextSecondary, fontFamily: token.fontFamilyCode }}>{phone.id}</span>
    </Flex>
  );
}
