import { addHistory, newUuid } from '../../../stores/chat-actions';

export interface StoreApp {
  id: number;
  promptTitle: string;
  promptContent: string;
  promptDescription: string;
  iconUrl: string;
  category?: string;
}

/**
 * A card becomes a new chat history item (title, templateId; the
 * app's prompt is the conversation's system prompt), then /chat/{active id} opens (docs/routes-and-screens.md).
 */
export function openApp(app: StoreApp): void {
  const uuid = newUuid();
  addHistory({
    uuid,
    title: app.promptTitle,
    content: app.promptContent,
    description: app.promptDescription,
    templateId: app.id,
  });
  location.assign(`/chat/${uuid}`);
}
