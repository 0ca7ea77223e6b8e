import type { PendingAgreement } from '@limelight/contracts';
import { Button, Form, Modal, Typography } from 'antd';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AgreementFields } from './AgreementFields';
import { useAcceptAgreementsMutation } from './api';
import { useLogout } from './useSessionActions';

/**
 * Asks a signed-in account for what it has yet to accept (decision 050): after social sign-in's
 * first sign-in, or when the admin published a new version of the Terms or the Privacy policy.
 * Nothing else on the site can be used until it is accepted; logging out is the other way out.
 */
export function AgreementsDialog({ pending }: { pending: PendingAgreement[] }) {
  const [accept, { isLoading }] = useAcceptAgreementsMutation();
  const logout = useLogout();
  const changed = pending.filter((item) => item.document !== 'age' && item.slug);
  const submit = async () => {
    try {
      await accept({ body: { ageConfirmed: true, termsAccepted: true } }).unwrap();
      toast.success('Thank you');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Modal open title="Before you continue" closable={false} mask={{ closable: false }} keyboard={false} footer={null} destroyOnHidden>
      <Typography.Paragraph>
        {changed.length && pending.every((item) => item.document !== 'age')
          ? `We have updated our ${changed.map((item) => item.title).join(' and ')}. Please read and accept them to go on using the site.`
          : 'Please confirm your age and accept our Terms and Privacy policy to use the site.'}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <AgreementFields />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => void logout()}>Log out</Button>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Accept and continue
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
