/** What other modules may use of the messages module (decision 004): everything else is its own. */

export { adminChatLineRows, adminConversationMessages, adminConversationRows, isPrivateConversation } from './admin-rows';
export { openRoomConversation } from './conversations';
export { messageFileSettled, registerMessagingEvents, retractHeldLine } from './events';
export { registerMassDelivery } from './mass';
export { messageSellable } from './sellable';
export { clearLines, insertChatLine, insertTipLine, pageOfLines, presentStreamLine } from './stream-lines';
export { tipInConversation } from './tips';
export { registerUnsentUploadSweep } from './unsent-uploads';
