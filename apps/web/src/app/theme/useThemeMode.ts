import { useContext } from 'react';
import { ThemeModeContext, type ThemeModeState } from './ThemeModeProvider';

export function useThemeMode(): ThemeModeState {
  return useContext(ThemeModeContext);
}
