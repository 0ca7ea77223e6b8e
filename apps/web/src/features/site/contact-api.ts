import { endpoints } from '../../shared/api/generated/contact';

export const { useSendContactMessageMutation } = endpoints;
