import { GoogleOutlined, XOutlined } from '@ant-design/icons';
import { Button, Divider, Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { errorMessage, toast } from '../../shared/lib/toast';
import { type SocialRole, useStartTwitterSignInMutation } from './api';
import { keepTwitterRequest, startGoogleSignIn } from './socialSignIn';

/** "Continue with Google / Twitter", for the providers the admin has switched on. */
export function SocialButtons({ accountRole: role }: { accountRole: SocialRole }) {
  const { data: settings } = usePublicSettingsQuery();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [twitterLogin, twitter] = useStartTwitterSignInMutation();
  const google = settings?.googleLoginEnabled && settings.googleClientId;
  if (!google && !settings?.twitterLoginEnabled) return null;

  const startTwitter = async () => {
    try {
      const request = await twitterLogin({ body: { role } }).unwrap();
      keepTwitterRequest(request, redirect);
      window.location.assign(request.url);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Divider plain>or</Divider>
      <Flex gap={8} vertical>
        {google && (
          <Button
            block
            icon={<GoogleOutlined aria-hidden />}
            onClick={() => startGoogleSignIn(settings.googleAuthorizeUrl, settings.googleClientId, role, redirect)}
          >
            Continue with Google
          </Button>
        )}
        {settings?.twitterLoginEnabled && (
          <Button block icon={<XOutlined aria-hidden />} loading={twitter.isLoading} onClick={() => void startTwitter()}>
            Continue with Twitter
          </Button>
        )}
      </Flex>
    </>
  );
}
