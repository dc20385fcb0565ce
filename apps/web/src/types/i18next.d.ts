// Types every translation key from the zh-CN files (the default language), so a misspelt key or a
// missing interpolation value fails `tsc`; the locale test keeps en-US in step with zh-CN.
import type account from '../locales/zh-CN/account.json';
import type billing from '../locales/zh-CN/billing.json';
import type common from '../locales/zh-CN/common.json';
import type desktopBuy from '../locales/zh-CN/desktopBuy.json';
import type desktops from '../locales/zh-CN/desktops.json';
import type errors from '../locales/zh-CN/errors.json';
import type home from '../locales/zh-CN/home.json';
import type kit from '../locales/zh-CN/kit.json';
import type monitoring from '../locales/zh-CN/monitoring.json';
import type notices from '../locales/zh-CN/notices.json';
import type officeSites from '../locales/zh-CN/officeSites.json';
import type orders from '../locales/zh-CN/orders.json';
import type phoneReplace from '../locales/zh-CN/phoneReplace.json';
import type phoneConnect from '../locales/zh-CN/phoneConnect.json';
import type phoneOps from '../locales/zh-CN/phoneOps.json';
import type phoneGroups from '../locales/zh-CN/phoneGroups.json';
import type phoneKeys from '../locales/zh-CN/phoneKeys.json';
import type phoneLanding from '../locales/zh-CN/phoneLanding.json';
import type phoneBuy from '../locales/zh-CN/phoneBuy.json';
import type phones from '../locales/zh-CN/phones.json';
import type policies from '../locales/zh-CN/policies.json';
import type purchase from '../locales/zh-CN/purchase.json';
import type request from '../locales/zh-CN/request.json';
import type shell from '../locales/zh-CN/shell.json';
import type support from '../locales/zh-CN/support.json';
import type systemConfig from '../locales/zh-CN/systemConfig.json';
import type systemDict from '../locales/zh-CN/systemDict.json';
import type systemNotice from '../locales/zh-CN/systemNotice.json';
import type systemShared from '../locales/zh-CN/systemShared.json';
import type wallet from '../locales/zh-CN/wallet.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      billing: typeof billing;
      common: typeof common;
      desktopBuy: typeof desktopBuy;
      desktops: typeof desktops;
      errors: typeof errors;
      home: typeof home;
      kit: typeof kit;
      monitoring: typeof monitoring;
      notices: typeof notices;
      officeSites: typeof officeSites;
      orders: typeof orders;
      phoneReplace: typeof phoneReplace;
      phoneConnect: typeof phoneConnect;
      phoneOps: typeof phoneOps;
      phoneGroups: typeof phoneGroups;
      phoneKeys: typeof phoneKeys;
      phoneLanding: typeof phoneLanding;
      phoneBuy: typeof phoneBuy;
      phones: typeof phones;
      policies: typeof policies;
      purchase: typeof purchase;
      request: typeof request;
      shell: typeof shell;
      support: typeof support;
      systemConfig: typeof systemConfig;
      systemDict: typeof systemDict;
      systemNotice: typeof systemNotice;
      systemShared: typeof systemShared;
      wallet: typeof wallet;
    };
  }
}
