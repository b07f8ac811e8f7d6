import { updateHistory } from '../../stores/chat-actions';
import { $chatStorage, type ChatStorage } from '../../stores/chat-storage';
import { $chatModel, $models } from './chat-state';

// Each conversation keeps its model (HistoryItem.model); the composer's last choice ($chatModel)
// is what a conversation without one starts with (docs/chat.md#models).

const offered = (id: string | undefined): id is string => {
  const models = $models.get()?.models;
  return Boolean(id) && (!models || models.includes(id as string));
};

/** The model a conversation asks for: its own, else the default — only while the server still offers it. */
export function conversationModel(uuid: number | null, s: ChatStorage = $chatStorage.get()): string | undefined {
  const own = s.history.find((h) => h.uuid === uuid)?.model;
  if (offered(own)) return own;
  const picked = $chatModel.get();
  return offered(picked) ? picked : undefined;
}

/** The picker's choice: this conversation's model from now on, and the default for new ones. */
export function chooseModel(uuid: number | null, id: string): void {
  $chatModel.set(id);
  if (uuid !== null) updateHistory(uuid, { model: id });
}

/** Keeps the model that answered on a conversation that had none, so a later default does not change it. */
export function pinModel(uuid: number, id: string): void {
  if (id && !$chatStorage.get().history.find((h) => h.uuid === uuid)?.model) updateHistory(uuid, { model: id });
}
