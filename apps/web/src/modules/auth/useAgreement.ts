import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../app/api';
import { fetchTenantRequest } from './auth-api';

export type AgreementState = {
  /** The dialog is shown. */
  open: boolean;
  /** Saving is allowed: accepted, suppressed for a license-manager tenant, or not asked. */
  accepted: boolean;
  html: string;
  loading: boolean;
  error: string | undefined;
  accept: () => void;
  cancel: () => void;
  reopen: () => void;
};

/**
 * The End User License Agreement of SPEC.md section 2: open by default with the tenant's global
 * agreement, suppressed for a license-manager tenant.
 */
export function useAgreement(enabled: boolean): AgreementState {
  const query = useQuery({
    queryKey: ['auth', 'tenantrequest', window.location.host],
    queryFn: async () => unwrap(await fetchTenantRequest()),
    enabled,
    staleTime: Infinity,
  });
  const [open, setOpen] = useState(enabled);
  const [accepted, setAccepted] = useState(!enabled);
  const licenseManager = query.data?.isLicenseManager === true;
  useEffect(() => {
    if (licenseManager) {
      setOpen(false);
      setAccepted(true);
    }
  }, [licenseManager]);
  return {
    open: open && !licenseManager && !query.isPending,
    accepted: accepted || licenseManager,
    html: query.data?.globalAgreement ?? '',
    loading: enabled && query.isPending,
    error: query.error?.message,
    accept: () => {
      setAccepted(true);
      setOpen(false);
    },
    cancel: () => setOpen(false),
    reopen: () => {
      if (query.isError) void query.refetch();
      setOpen(true);
    },
  };
}
