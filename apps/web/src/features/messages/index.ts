// What other features may use of messages: they import this file only, never the files behind it (decision 075).
export { useDeleteMassMessageMutation, useListMassMessagesQuery, useSendMassMessageMutation } from './api';
export { Composer } from './Composer';
export { MessageButton } from './MessageButton';
