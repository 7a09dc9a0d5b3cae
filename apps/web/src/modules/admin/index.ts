// The admin module's surface for the app: its lazily loaded screens.
export { adminPages } from './pages';
