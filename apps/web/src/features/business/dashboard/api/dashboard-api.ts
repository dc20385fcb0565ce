import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardRange } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';

/** The ranges of the switch, in its order (contracts DASHBOARD_RANGES, without loading zod here). */
export const RANGES: readonly DashboardRange[] = ['today', '7d', '30d'];

/** GET /business/dashboard; the previous range stays on screen while the next loads, refreshed each minute. */
export const useDashboard = (range: DashboardRange) =>
  useQuery({
    queryKey: ['business', 'dashboard', range],
    queryFn: async () => (await api.get<Dashboard>('/business/dashboard', { range })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
