import type { StoreApp } from '../../../shared/contract/apps';
import { addHistory, newUuid } from '../../../stores/chat-actions';

export type { StoreApp };

/**
 * A card becomes a new chat history item (title, templateId; the
 * app's prompt is the conversation's system prompt), then /chat/{active id} opens (docs/routes-and-screens.md).
 */
export function openApp(app: Pick<StoreApp, 'id' | 'promptTitle' | 'promptContent' | 'promptDescription'>): void {
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
