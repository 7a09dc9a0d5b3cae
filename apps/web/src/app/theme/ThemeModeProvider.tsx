import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { typeAhead } from '../../shared/option-match';
import { getSessionValue, setSessionValue } from '../session/session-store';
import { cspNonce, nonceEveryStyleElement } from './csp-nonce';
import { themeConfig, type ThemeMode } from './theme';

/** Read once: the nonce belongs to this page load. */
const csp = { nonce: cspNonce() };
/** Every select takes type-ahead unless it sets its own search (server pickers pass typeAhead their onSearch). */
const select = { showSearch: typeAhead() };
nonceEveryStyleElement(csp.nonce);

export type ThemeModeState = { mode: ThemeMode; toggle: () => void };

export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', toggle: () => undefined });

/**
 * The text colour, size and font of the theme around the app: what antd's App component gives, without its message,
 * notification and modal holders (nothing here uses App.useApp; they would weigh on the first load of every page).
 */
function ThemedText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

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
      <ConfigProvider theme={themeConfig(mode)} componentSize="middle" csp={csp} select={select}>
        <ThemedText>{children}</ThemedText>
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
