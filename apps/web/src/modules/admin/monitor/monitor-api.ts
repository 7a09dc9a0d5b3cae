/* The service monitor's call (apps/api modules/admin/service-monitor.routes.ts), refreshed every 30 s. */
import { useQuery } from '@tanstack/react-query';
import { SERVICE_MONITOR_REFRESH_MS, type ServiceMonitor } from '@erp/contracts';
import { callApi } from '../api-client';

export const monitorKey = ['admin', 'service-monitor'] as const;

export function useServiceMonitor() {
  return useQuery({
    queryKey: monitorKey,
    queryFn: ({ signal }) => callApi<ServiceMonitor>('GET', '/admin/service-monitor', undefined, signal),
    refetchInterval: SERVICE_MONITOR_REFRESH_MS,
  });
}
