/**
 * /proxySet (spec §2, open without login; issue 19): the proxy configurations of one desktop or
 * phone, opened by its proxy settings link (`?id=<resource>#token=…`). The token goes only to the
 * public proxy set API; without a valid one the page says so and changes nothing.
 */
import { useEffect, useMemo } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { OpenPageFrame } from '../../../../components/open-page-frame';
import { lazyPart } from '../../../../lib/lazy-part';
import { isRequestError } from '../../../../lib/request';
import { useProxySet, type ProxySetAccess } from '../api/proxy-set';

/**
 * The editor (antd's form controls and the contract's zod schema, which checks imports and saves)
 * is most of this page's code: it downloads beside the set's request instead of before the page
 * can show its skeleton (the page budget, build/page-budget.ts).
 */
const ProxySetEditor = lazyPart(() => import('./proxy-set-editor'), 'ProxySetEditor');

/**
 * The resource and token of the link: the token from the fragment (what the console builds, never
 * sent to a server), else from spec §2's `?token=`, which is then moved into the fragment.
 */
export function readProxySetAccess(location: { search: string; hash: string }) {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const resourceId = query.get('id') ?? '';
  const token = fragment.get('token') ?? query.get('token') ?? '';
  const inQuery = !fragment.get('token') && query.has('token');
  return { resourceId, token, inQuery };
}

export function ProxySetPage() {
  // Start the editor's download with the set's request, not after it answers.
  useEffect(() => ProxySetEditor.prefetch(), []);
  const { t } = useTranslation('proxySet');
  const location = useLocation();
  const navigate = useNavigate();
  const access = useMemo(() => readProxySetAccess(location), [location]);
  // A token in the query (spec §2's form) moves into the fragment, out of the address's query.
  useEffect(() => {
    if (!access.inQuery || !access.resourceId) return;
    const search = `?${new URLSearchParams({ id: access.resourceId }).toString()}`;
    void navigate({ search, hash: `#token=${encodeURIComponent(access.token)}` }, { replace: true });
  }, [access, navigate]);

  return (
    <OpenPageFrame
      testId="page-proxy-set"
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      maxWidth={1100}
    >
      {access.resourceId && access.token ? (
        <ProxySetLoader access={access} />
      ) : (
        <Result
          status="warning"
          title={t('page.incomplete')}
          subTitle={t('page.askOwner')}
          data-testid="proxy-set-incomplete"
        />
      )}
    </OpenPageFrame>
  );
}

function ProxySetLoader({ access }: { access: ProxySetAccess }) {
  const { t } = useTranslation('proxySet');
  const set = useProxySet(access);
  if (set.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (set.isError) {
    const status = isRequestError(set.error) ? set.error.status : undefined;
    if (status === 401 || status === 404) {
      return (
        <Result
          status={status === 401 ? '403' : '404'}
          title={t(status === 401 ? 'page.refused' : 'page.notFound')}
          subTitle={t('page.askOwner')}
          data-testid="proxy-set-refused"
        />
      );
    }
    return (
      <Result
        status="error"
        title={t('page.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void set.refetch()}>
            {t('action.retry')}
          </Button>
        }
      />
    );
  }
  // A save answers the new list: the editor starts again from it (its form, its unsaved mark).
  return (
    <ProxySetEditor
      key={set.data.updated_at ?? 'new'}
      access={access}
      set={set.data}
      fallback={<Skeleton active paragraph={{ rows: 8 }} />}
    />
  );
}
