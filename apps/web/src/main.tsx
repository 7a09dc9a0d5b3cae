// Entry: fonts and global styles, the stored session's credentials, then the app (public/zod-jitless.js runs before it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/500.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import './app/styles.css';
import { App } from './app/App';
import { installUnauthorizedLogout, restoreSession } from './app/session/session';

installUnauthorizedLogout();
const initialUser = restoreSession();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App initialUser={initialUser} />
  </StrictMode>,
);
