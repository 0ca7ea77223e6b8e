import { endpoints } from '../../shared/api/generated/admin';

/** The e-mail catalogue as the admin edits it (`/admin/email-templates`). */
export const emailTemplatesApi = endpoints.enhanceEndpoints({
  endpoints: {
    adminListEmailTemplates: { providesTags: ['EmailTemplates'] },
    adminGetEmailTemplate: { providesTags: ['EmailTemplates'] },
    adminUpdateEmailTemplate: { invalidatesTags: ['EmailTemplates'] },
    adminResetEmailTemplate: { invalidatesTags: ['EmailTemplates'] },
  },
});

export const {
  useAdminListEmailTemplatesQuery,
  useAdminGetEmailTemplateQuery,
  useAdminUpdateEmailTemplateMutation,
  useAdminResetEmailTemplateMutation,
  useAdminPreviewEmailTemplateMutation,
  useAdminSendTestEmailMutation,
} = emailTemplatesApi;
