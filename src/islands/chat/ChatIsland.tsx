import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { ChatApp, type ChatAppProps } from './ChatApp';
import './chat.css';

/** /chat/:uuid? island. Reads local storage, so the page renders it client-only behind a sized skeleton. */
export function ChatIsland(props: IslandI18nProps & ChatAppProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="chat">
      <ChatApp initialUuid={props.initialUuid} notices={props.notices} />
    </IslandRoot>
  );
}
