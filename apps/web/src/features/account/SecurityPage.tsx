import { Alert, Col, Row, Typography } from 'antd';
import { ChangePasswordCard } from './ChangePasswordCard';
import { KnownDevicesCard } from './KnownDevicesCard';
import { PasskeysCard } from './PasskeysCard';
import { SessionsCard } from './SessionsCard';
import { useSecondFactorDue } from './security-api';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * Account security for every role (decision 048): second factors, passkeys, password, where
 * the account is signed in and the devices it knows. Admins without a second factor are sent here until they set one up;
 * security e-mails link here.
 */
export default function SecurityPage() {
  // Until such an admin has a factor the API refuses the rest, so those cards wait rather than ask and fail.
  const secondFactorDue = useSecondFactorDue(true);
  return (
    <div style={{ maxWidth: 1000, margin: '0 auto' }}>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Security
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <TwoFactorCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasskeysCard />
        </Col>
        {secondFactorDue === undefined ? null : secondFactorDue ? (
          <Col span={24}>
            <Alert type="info" showIcon message="Your password, sign-in sessions and devices appear here once a second factor is set up." />
          </Col>
        ) : (
          <>
            <Col xs={24} lg={12}>
              <ChangePasswordCard />
            </Col>
            <Col span={24}>
              <SessionsCard />
            </Col>
            <Col span={24}>
              <KnownDevicesCard />
            </Col>
          </>
        )}
      </Row>
    </div>
  );
}
