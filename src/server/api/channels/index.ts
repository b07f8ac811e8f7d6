// Model channels are kept in the console only; chat's model picker reads them through api/chat.
export { registerChannelsConsole } from './console';
