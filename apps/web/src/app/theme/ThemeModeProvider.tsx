import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { getSessionValue, setSessionValue } from '../session/session-store';
import { themeConfig, type ThemeMode } from './theme';

export type ThemeModeState = { mode: ThemeMode; toggle: () => void };

export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', toggle: () => undefined });

/** Light or dark through antd's theme algorithm; the choice is kept in the tab's session store. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>('light');
  useEffect(() => {
    let live = true;
    void getSessionValue<ThemeMode>('theme').then((stored) => {
      if (live && (stored === 'dark' || stored === 'light')) setMode(stored);
    });
    return () => {
      live = false;
    };
  }, []);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      void setSessionValue('theme', next);
      return next;
    });
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ConfigProvider theme={themeConfig(mode)} componentSize="middle">
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
