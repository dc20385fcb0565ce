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
import type monitorCache from '../locales/zh-CN/monitorCache.json';
import type monitorJob from '../locales/zh-CN/monitorJob.json';
import type monitorOnline from '../locales/zh-CN/monitorOnline.json';
import type monitorServer from '../locales/zh-CN/monitorServer.json';
import type notices from '../locales/zh-CN/notices.json';
import type monitorLogs from '../locales/zh-CN/monitorLogs.json';
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
import type systemDept from '../locales/zh-CN/systemDept.json';
import type systemPost from '../locales/zh-CN/systemPost.json';
import type systemUser from '../locales/zh-CN/systemUser.json';
import type systemMenu from '../locales/zh-CN/systemMenu.json';
import type systemRole from '../locales/zh-CN/systemRole.json';
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
      monitorCache: typeof monitorCache;
      monitorJob: typeof monitorJob;
      monitorOnline: typeof monitorOnline;
      monitorServer: typeof monitorServer;
      notices: typeof notices;
      monitorLogs: typeof monitorLogs;
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
      systemDept: typeof systemDept;
      systemPost: typeof systemPost;
      systemUser: typeof systemUser;
      systemMenu: typeof systemMenu;
      systemRole: typeof systemRole;
      wallet: typeof wallet;
    };
  }
}
