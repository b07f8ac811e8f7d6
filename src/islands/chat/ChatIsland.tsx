import { IslandI18n, type IslandI18nProps } from '../../lib/island-i18n';
import { ChatApp, type ChatAppProps } from './ChatApp';
import './chat.css';

/** /chat/:uuid? island. Reads local storage, so the page renders it client-only behind a sized skeleton. */
export default function ChatIsland(props: IslandI18nProps & ChatAppProps) {
  return (
    <IslandI18n lang={props.lang} messages={props.messages}>
      <ChatApp initialUuid={props.initialUuid} />
    </IslandI18n>
  );
}
