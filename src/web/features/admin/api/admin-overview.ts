import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@contracts/endpoints';
import { endpointQuery } from '@web/lib/query-keys';

/** The admin landing page's counts and weeks. */
export const useAdminOverview = () => useQuery(endpointQuery(endpoints.admin.getOverview));
