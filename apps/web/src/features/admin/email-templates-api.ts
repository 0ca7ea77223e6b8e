import type { EmailPreview, EmailTemplate, EmailTemplateEdit } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

/** The e-mail catalogue as the admin edits it (`/admin/email-templates`). */
export const emailTemplatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    emailTemplates: build.query<EmailTemplate[], void>({
      query: () => '/admin/email-templates',
      providesTags: ['EmailTemplates'],
    }),
    emailTemplate: build.query<EmailTemplate, string>({
      query: (key) => `/admin/email-templates/${encodeURIComponent(key)}`,
      providesTags: ['EmailTemplates'],
    }),
    saveEmailTemplate: build.mutation<EmailTemplate, { key: string; body: EmailTemplateEdit }>({
      query: ({ key, body }) => ({ url: `/admin/email-templates/${encodeURIComponent(key)}`, method: 'PUT', body }),
      invalidatesTags: ['EmailTemplates'],
    }),
    resetEmailTemplate: build.mutation<EmailTemplate, string>({
      query: (key) => ({ url: `/admin/email-templates/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['EmailTemplates'],
    }),
    previewEmailTemplate: build.mutation<EmailPreview, { key: string; body: EmailTemplateEdit }>({
      query: ({ key, body }) => ({ url: `/admin/email-templates/${encodeURIComponent(key)}/preview`, method: 'POST', body }),
    }),
    sendTestEmail: build.mutation<{ message: string }, { key: string; body: EmailTemplateEdit }>({
      query: ({ key, body }) => ({ url: `/admin/email-templates/${encodeURIComponent(key)}/test`, method: 'POST', body }),
    }),
  }),
});

export const {
  useEmailTemplatesQuery,
  useEmailTemplateQuery,
  useSaveEmailTemplateMutation,
  useResetEmailTemplateMutation,
  usePreviewEmailTemplateMutation,
  useSendTestEmailMutation,
} = emailTemplatesApi;
