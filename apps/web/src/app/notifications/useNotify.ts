import { useContext } from 'react';
import { NotifyContext, type Notify } from './NotificationProvider';

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside NotificationProvider');
  return notify;
}
