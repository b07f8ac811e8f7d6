// MCP servers are kept in the console only; the chat offers their tools through services/chat/tools.
export { registerToolsConsole } from './console';
