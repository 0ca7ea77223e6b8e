/** What other modules may use of the messages module (decision 004): everything else is its own. */

export { messageFileSettled, registerMessagingEvents, retractHeldLine } from './events';
export { registerMassDelivery } from './mass';
export { adminChatLineRows, adminConversationMessages, adminConversationRows, isPrivateConversation } from './repo/admin-rows';
export { openRoomConversation } from './repo/conversations';
export { clearLines, insertChatLine, insertTipLine, pageOfLines } from './repo/lines';
export { messageSellable } from './sellable';
export { presentStreamLine } from './stream-lines';
export { tipInConversation } from './tips';
export { registerUnsentUploadSweep } from './unsent-uploads';
