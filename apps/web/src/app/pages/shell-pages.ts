// The shell's own screens, loaded together as one lazy chunk.
export { HomePage } from './HomePage';
export { ViewAllPage } from './ViewAllPage';
