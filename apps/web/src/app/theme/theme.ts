/* The antd theme: Montserrat at 12px (SPEC.md section 9), a dense back-office look, light and dark. */
import { theme, type ThemeConfig } from 'antd';

export type ThemeMode = 'light' | 'dark';

export const FONT_FAMILY = "Montserrat, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const FONT_SIZE_PX = 12;
export const BRAND_COLOUR = '#2457c5';
export const SIDEBAR_BG = '#0f1b33';

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      fontFamily: FONT_FAMILY,
      fontSize: FONT_SIZE_PX,
      colorPrimary: BRAND_COLOUR,
      borderRadius: 6,
      colorBgLayout: mode === 'dark' ? '#0b1220' : '#f3f5f9',
    },
    components: {
      Layout: { siderBg: SIDEBAR_BG, headerBg: mode === 'dark' ? '#111a2e' : '#ffffff', headerHeight: 60, headerPadding: '0 12px' },
      Menu: { darkItemBg: SIDEBAR_BG, darkSubMenuItemBg: '#0a1427', itemHeight: 34, collapsedWidth: 64 },
      Card: { paddingLG: 16 },
    },
  };
}
