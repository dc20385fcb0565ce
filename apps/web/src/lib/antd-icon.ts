/**
 * One icon of @ant-design/icons from its SVG data: what each of the package's generated icon
 * modules does (`forwardRef` around its `AntdIcon`, passing the props with `ref` and `icon`), once.
 * The build points every icon module at a call of this (build/antd-icons.ts), so the icons share
 * one wrapper instead of each carrying its own; the app itself imports icons from
 * `@ant-design/icons` as usual.
 */
import { createElement, forwardRef } from 'react';
import AntdIcon, { type AntdIconProps } from '@ant-design/icons/es/components/AntdIconLight';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

export function antdIcon(icon: IconDefinition) {
  return /*#__PURE__*/ forwardRef<HTMLSpanElement, AntdIconProps>((props, ref) =>
    createElement(AntdIcon, { ...props, ref, icon }),
  );
}
