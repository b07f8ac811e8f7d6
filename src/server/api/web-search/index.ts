export { registerWebSearchConsole } from './console';
